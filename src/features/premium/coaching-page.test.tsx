import type { Id } from "@convex/_generated/dataModel";
import { TIME_BALANCE_MESSAGES } from "@convex/model/messages";
import { screen, waitFor, within } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { signedIn, signedOutLocalClient } from "@/test/auth";
import { renderApp } from "@/test/render-app";

const state = { overview: undefined as unknown };
vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "coaching:overview" ? state.overview : undefined),
  usePaginatedQuery: () => ({ results: [], status: "LoadingFirstPage", loadMore: () => {} }),
  useMutation: () => () => Promise.resolve(null),
}));

beforeEach(() => {
  state.overview = undefined;
});

async function renderCoaching() {
  renderApp("/coaching", { viewer: signedIn({ tier: "mastery" }) });
  await screen.findByRole("heading", { level: 1, name: "Your coaching" });
}

describe("coaching page", () => {
  it("has its title and a skeleton while loading", async () => {
    await renderCoaching();
    expect(screen.getByText("Loading your coaching")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Your coaching | LWCC"));
  });

  it("shows members below Mastery a calm gate to the plans", async () => {
    state.overview = { allowed: false };
    await renderCoaching();
    const gate = screen.getByRole("region", { name: "Coaching is part of Mastery" });
    expect(within(gate).getByRole("link", { name: "See plans and prices" })).toHaveAttribute("href", "/pricing");
    expect(within(gate).getByRole("link", { name: "Upgrade options" })).toHaveAttribute("href", "/account/upgrade");
  });

  it("makes booking the first session the one next step for a new Mastery member", async () => {
    state.overview = { allowed: true, coaches: [], nextSession: null, remainingMinutes: 240 };
    await renderCoaching();
    const step = screen.getByRole("region", { name: "Book your first coaching session" });
    expect(within(step).getByRole("link", { name: "Book your first coaching session" })).toHaveAttribute("href", "/dashboard/book-session");
    expect(screen.getByRole("region", { name: "Time available" })).toHaveTextContent("4 h");
  });

  it("shows the next session, the coaches and a low balance", async () => {
    state.overview = {
      allowed: true,
      coaches: [{ _id: "users:cora" as Id<"users">, name: "Cora Coach" }],
      nextSession: {
        _id: "s1" as Id<"sessions">,
        title: "Weekly planning",
        startsAt: Date.now() + 2.5 * 86_400_000,
        durationMinutes: 60,
        coachName: "Cora Coach",
      },
      remainingMinutes: 30,
    };
    await renderCoaching();
    const step = screen.getByRole("region", { name: "Your next session" });
    expect(step).toHaveTextContent("Weekly planning");
    expect(step).toHaveTextContent("in 2 days");
    expect(step).toHaveTextContent("1 h with Cora Coach");
    expect(within(step).getByRole("link", { name: "Open session" })).toHaveAttribute("href", "/session/s1");
    expect(within(step).getByRole("link", { name: "Book a session" })).toHaveAttribute("href", "/dashboard/book-session");
    expect(screen.getByRole("region", { name: "Your coach" })).toHaveTextContent("Cora Coach");
    expect(screen.getByRole("region", { name: "Time available" })).toHaveTextContent(TIME_BALANCE_MESSAGES.LOW);
  });

  it("sends visitors to sign in first", async () => {
    const { router } = renderApp("/coaching", { localAuth: await signedOutLocalClient() });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ redirect: "/coaching" });
  });
});
