import type { Id } from "@convex/_generated/dataModel";
import { PREMIUM_FEATURES } from "@convex/model/premiumContent";
import { screen, waitFor, within } from "@testing-library/react";
import { getFunctionName } from "convex/server";
import { signedIn, signedOutLocalClient } from "@/test/auth";
import { renderApp } from "@/test/render-app";

const state = { content: undefined as unknown };
vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "premium:content" ? state.content : undefined),
  usePaginatedQuery: () => ({ results: [], status: "LoadingFirstPage", loadMore: () => {} }),
  useMutation: () => () => Promise.resolve(null),
}));

beforeEach(() => {
  state.content = undefined;
});

async function renderPremium() {
  renderApp("/premium", { viewer: signedIn() });
  await screen.findByRole("heading", { level: 1, name: "Premium content" });
}

describe("premium page", () => {
  it("shows a skeleton while loading, under its title", async () => {
    await renderPremium();
    expect(screen.getByText("Loading premium content")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Premium content | LWCC"));
  });

  it("shows the gate with the required tier, the five features, and the upgrade and pricing links", async () => {
    state.content = { requiresUpgrade: true, requiredTier: "premium", features: PREMIUM_FEATURES };
    await renderPremium();
    const gate = screen.getByRole("region", { name: "Premium Required" });
    expect(gate).toHaveTextContent("need the Premium plan");
    expect(within(gate).getByRole("list", { name: "Premium includes" }).children).toHaveLength(5);
    expect(within(gate).getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute("href", "/account/upgrade?content=premium");
    expect(within(gate).getByRole("link", { name: "See all plans and prices" })).toHaveAttribute("href", "/pricing");
  });

  it("lists each item with its type, duration, modules and downloads", async () => {
    state.content = {
      requiresUpgrade: false,
      items: [
        {
          _id: "premiumContent:1" as Id<"premiumContent">,
          type: "course",
          title: "Calm Calendar",
          description: "Weekly plan",
          duration: "6 weeks",
          modules: 6,
          downloads: 1,
        },
        {
          _id: "premiumContent:2" as Id<"premiumContent">,
          type: "tutorial",
          title: "Text Expansion",
          description: "Snippets",
          duration: "20 minutes",
        },
      ],
    };
    await renderPremium();
    expect(screen.queryByRole("region", { name: "Premium Required" })).not.toBeInTheDocument();
    const course = screen.getByRole("listitem", { name: "Calm Calendar" });
    expect(course).toHaveTextContent("Course");
    expect(within(course).getByRole("list", { name: "Details" })).toHaveTextContent("6 weeks6 modules1 download");
    const tutorial = screen.getByRole("listitem", { name: "Text Expansion" });
    expect(tutorial).toHaveTextContent("Tutorial");
    expect(within(tutorial).getByRole("list", { name: "Details" })).toHaveTextContent(/^20 minutes$/);
  });

  it("sends visitors to sign in first, and back afterwards", async () => {
    const { router } = renderApp("/premium", { localAuth: await signedOutLocalClient() });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ redirect: "/premium" });
  });
});
