import { DEFAULT_NOTIFICATION_PREFERENCES } from "@convex/model/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { signedIn, signedOutLocalClient, testAuthSession } from "@/test/auth";
import { renderApp } from "@/test/render-app";

vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "notifications:preferences" ? DEFAULT_NOTIFICATION_PREFERENCES : undefined),
  useMutation: () => () => Promise.resolve(null),
}));

// 23:30 UTC on July 8 is already July 9 in Tokyo, the member's zone.
const JOINED = Date.UTC(2023, 6, 8, 23, 30);

const maya = signedIn({
  firstName: "Maya",
  lastName: "Lopez",
  tier: "mastery",
  timezone: "Asia/Tokyo",
  createdAt: JOINED,
  forumName: "Maya L.",
});

describe("/profile", () => {
  it("shows the member's initials, name, plan, start date and time zone in their zone, and forum name", async () => {
    renderApp("/profile", { viewer: maya });
    expect(await screen.findByRole("heading", { level: 1, name: "Maya Lopez" })).toBeInTheDocument();
    expect(document.title).toBe("Profile | LWCC");
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const main = screen.getByRole("main");
    expect(within(main).getByText("ML")).toHaveAttribute("aria-hidden", "true");
    expect(main).toHaveTextContent("Plan: Mastery");
    const facts = main.querySelector("dl")!;
    expect(facts).toHaveTextContent(/Member sinceJuly 9, 2023/);
    expect(within(facts).getByText("July 9, 2023")).toHaveAttribute("datetime", new Date(JOINED).toISOString());
    expect(facts).toHaveTextContent(/Time zoneAsia\/Tokyo \(GMT\+09:00\)/);
    expect(facts).toHaveTextContent(/Forum nameMaya L\./);
  });

  it("invites a member without a forum name to choose one, calmly", async () => {
    renderApp("/profile", { viewer: signedIn({ tier: "foundation" }) });
    expect(await screen.findByText(/^Not chosen yet\. Pick one under Edit profile/)).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("Plan: Foundation");
  });

  it("opens the account settings on the account tab from Edit profile, and goes back to the button on Escape", async () => {
    renderApp("/profile", { viewer: maya });
    const edit = await screen.findByRole("button", { name: "Edit profile" });
    await userEvent.click(edit);
    const dialog = await screen.findByRole("dialog", { name: "Account settings" });
    expect(within(dialog).getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "true");
    expect(within(dialog).getByLabelText(/Forum name/)).toHaveValue("Maya L.");

    await userEvent.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("tab", { name: "Billing" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(edit).toHaveFocus();

    // Opening it again starts on the account tab.
    await userEvent.click(edit);
    expect(within(await screen.findByRole("dialog")).getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "true");
  });

  it("shows a skeleton while the account loads", async () => {
    renderApp("/profile", { viewer: { status: "loading" }, auth: testAuthSession("signed-in").session });
    expect(await screen.findByText("Loading your profile")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("button", { name: "Edit profile" })).not.toBeInTheDocument();
  });

  it("sends visitors to sign in first, and back here afterwards", async () => {
    const { router } = renderApp("/profile", { localAuth: await signedOutLocalClient() });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ redirect: "/profile" });
  });
});
