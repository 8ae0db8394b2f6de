import { UPGRADE_MESSAGES } from "@convex/model/messages";
import { PREMIUM_FEATURES } from "@convex/model/premiumContent";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { signedIn, signedOutLocalClient } from "@/test/auth";
import { renderApp } from "@/test/render-app";

const state = {
  calls: [] as { name: string; args: unknown }[],
  answer: (): Promise<unknown> => Promise.resolve({}),
};
vi.mock("convex/react", () => ({
  useQuery: () => undefined,
  usePaginatedQuery: () => ({ results: [], status: "LoadingFirstPage", loadMore: () => {} }),
  useMutation: (mutation: unknown) => (args: unknown) => {
    const name = getFunctionName(mutation as never);
    state.calls.push({ name, args });
    return name === "upgrade:choosePlan" ? state.answer() : Promise.resolve(null);
  },
}));

beforeEach(() => {
  state.calls = [];
  state.answer = () => Promise.resolve({});
});

const member = signedIn({ tier: "basic", userType: "client", role: "client" });
const card = (name: string) => screen.getByRole("listitem", { name });
const choices = () => state.calls.filter((call) => call.name === "upgrade:choosePlan").map((call) => call.args);

async function renderUpgrade(path = "/account/upgrade", viewer = member) {
  const view = renderApp(path, { viewer });
  await screen.findByRole("heading", { level: 1, name: "Upgrade to Premium" });
  return view;
}

describe("upgrade page", () => {
  it("shows the plans of SPEC §9 with the current one disabled, the guarantee and the way back", async () => {
    await renderUpgrade();
    await waitFor(() => expect(document.title).toBe("Upgrade to Premium | LWCC"));
    expect(screen.queryByRole("listitem", { name: "Foundation" })).not.toBeInTheDocument();
    const basic = card("Basic");
    expect(basic).toHaveTextContent("Free");
    expect(within(basic).getByRole("button", { name: "Current Plan: Basic" })).toBeDisabled();
    const monthly = card("Premium Monthly");
    expect(monthly).toHaveTextContent("$19.00 / month");
    expect(within(monthly).getByRole("button", { name: "Choose Premium Monthly" })).toBeEnabled();
    const yearly = card("Premium Yearly");
    expect(yearly).toHaveTextContent("$190.00 / year");
    expect(yearly).toHaveTextContent("instead of $228.00");
    expect(yearly).toHaveTextContent("Save $38.00");
    expect(yearly).toHaveTextContent("Popular");
    expect(
      within(yearly)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(PREMIUM_FEATURES);
    expect(screen.getByRole("region", { name: "30-Day Money-Back Guarantee" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to your dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  it("offers Foundation to guests, current on the foundation tier", async () => {
    await renderUpgrade("/account/upgrade", signedIn({ tier: "foundation", userType: "guest_confirmed", role: "guest_confirmed" }));
    expect(within(card("Foundation")).getByRole("button", { name: "Current Plan: Foundation" })).toBeDisabled();
  });

  it("disables both Premium plans for a premium member", async () => {
    await renderUpgrade("/account/upgrade", signedIn({ tier: "premium" }));
    expect(screen.getAllByRole("button", { name: /^Current Plan/ }).map((button) => button.textContent)).toEqual([
      "Current Plan: Premium Monthly",
      "Current Plan: Premium Yearly",
    ]);
  });

  it("names a Control member's own plan and offers nothing below it as a choice", async () => {
    await renderUpgrade("/account/upgrade", signedIn({ tier: "control" }));
    expect(screen.getByText(/Your plan:/)).toHaveTextContent("Your plan: Control.");
    expect(screen.getByRole("link", { name: "Billing" })).toHaveAttribute("href", "/dashboard/billing");
    expect(screen.queryByRole("button", { name: /^Current Plan/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Choose/ })).not.toBeInTheDocument();
    for (const name of ["Basic", "Premium Monthly", "Premium Yearly"]) {
      expect(screen.getByRole("button", { name: `Included in Control: ${name}` })).toBeDisabled();
    }
  });

  it("says which content sent the member here", async () => {
    await renderUpgrade("/account/upgrade?content=premium");
    expect(screen.getByRole("note")).toHaveTextContent("Premium courses, tutorials and resources need the Premium plan.");
  });

  it("shows no banner for content it does not know", async () => {
    await renderUpgrade("/account/upgrade?content=%3Cscript%3E");
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });

  it("posts the chosen plan, shows progress, and follows the server to checkout", async () => {
    let resolve: (value: unknown) => void = () => {};
    state.answer = () => new Promise((r) => (resolve = r));
    const { router } = await renderUpgrade();
    await userEvent.click(screen.getByRole("button", { name: "Choose Premium Yearly" }));
    expect(choices()).toEqual([{ plan: "premium-yearly" }]);
    expect(within(card("Premium Yearly")).getByRole("button", { name: "Processing..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Choose Premium Monthly" })).toBeDisabled();
    resolve({ message: UPGRADE_MESSAGES.TO_CHECKOUT, redirectTo: "/checkout?tier=premium&billing=yearly" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout"));
    expect(router.state.location.search).toEqual({ tier: "premium", billing: "yearly" });
  });

  it("shows the server's error text in an alert and lets the member choose again", async () => {
    state.answer = () => Promise.reject(new ConvexError({ code: "CURRENT_PLAN", message: UPGRADE_MESSAGES.CURRENT_PLAN }));
    await renderUpgrade();
    await userEvent.click(screen.getByRole("button", { name: "Choose Premium Monthly" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(UPGRADE_MESSAGES.CURRENT_PLAN);
    expect(screen.getByRole("button", { name: "Choose Premium Monthly" })).toBeEnabled();
  });

  it("shows a success text that leads nowhere else", async () => {
    state.answer = () => Promise.resolve({ message: UPGRADE_MESSAGES.PLAN_INCLUDED });
    await renderUpgrade("/account/upgrade", signedIn({ tier: "foundation" }));
    await userEvent.click(screen.getByRole("button", { name: "Choose Premium Monthly" }));
    expect(await screen.findByText(UPGRADE_MESSAGES.PLAN_INCLUDED)).toHaveAttribute("role", "status");
  });

  it("sends visitors to sign in first, and back afterwards", async () => {
    const { router } = renderApp("/account/upgrade", { localAuth: await signedOutLocalClient() });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({ redirect: "/account/upgrade" });
  });
});
