import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { StrictMode } from "react";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn, signedOutLocalClient } from "@/test/auth";
import { renderApp } from "@/test/render-app";
import type * as Billing from "./billing";
import { goToStripe } from "./billing";
import { SubscriptionPortalPage } from "./subscription-portal-page";

const PORTAL = "https://billing.stripe.com/p/session/test_123";

const PAID = { tier: "control", subscription: { complementary: false }, portal: true };

const state = {
  overview: PAID as unknown,
  calls: [] as { name: string; args: unknown }[],
  answer: (): Promise<unknown> => Promise.resolve({ url: PORTAL }),
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "billing:overview" ? state.overview : undefined),
  useAction: (action: unknown) => (args: unknown) => {
    state.calls.push({ name: getFunctionName(action as never), args });
    return state.answer();
  },
}));

// jsdom cannot leave the page; the test checks where the page would go instead.
vi.mock("./billing", async (importOriginal) => ({ ...(await importOriginal<typeof Billing>()), goToStripe: vi.fn() }));

beforeEach(() => {
  state.overview = PAID;
  state.calls = [];
  state.answer = () => Promise.resolve({ url: PORTAL });
  vi.mocked(goToStripe).mockClear();
});

function renderPortal() {
  renderPage(
    <StrictMode>
      <SubscriptionPortalPage />
    </StrictMode>,
    { path: "/subscription-portal", viewer: signedIn() },
  );
}

describe("subscription portal", () => {
  it("opens one portal session, even in strict mode, and goes to Stripe", async () => {
    renderPortal();
    expect(await screen.findByText("Opening your billing portal…")).toHaveAttribute("role", "status");
    await vi.waitFor(() => expect(goToStripe).toHaveBeenCalledWith(PORTAL));
    expect(state.calls).toEqual([{ name: "billing:portalSession", args: { returnUrl: `${window.location.origin}/dashboard/billing` } }]);
  });

  it("shows the server's words, a retry and the way back when it fails", async () => {
    state.answer = () =>
      Promise.reject(new ConvexError({ code: "PAYMENTS_UNAVAILABLE", message: "Payments are not available right now." }));
    renderPortal();
    expect(await screen.findByRole("alert")).toHaveTextContent("Payments are not available right now.");
    expect(screen.getByRole("link", { name: "Back to Billing" })).toHaveAttribute("href", "/dashboard/billing");
    expect(goToStripe).not.toHaveBeenCalled();

    state.answer = () => Promise.resolve({ url: PORTAL });
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(goToStripe).toHaveBeenCalledWith(PORTAL));
    expect(state.calls).toHaveLength(2);
  });

  it("tells a member on a complimentary plan, calmly, that there is nothing to manage, without opening Stripe", async () => {
    state.overview = { tier: "control", subscription: { complementary: true }, portal: false };
    renderPortal();
    expect(await screen.findByText(/Your Control plan is complimentary/)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Billing" })).toHaveAttribute("href", "/dashboard/billing");
    expect(state.calls).toEqual([]);
    expect(goToStripe).not.toHaveBeenCalled();
  });

  it("tells a member without a paid plan there is nothing to manage yet, and where the plans are", async () => {
    state.overview = { tier: "foundation", subscription: null, portal: false };
    renderPortal();
    expect(await screen.findByText(/nothing to manage in the billing portal yet/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/pricing");
    expect(state.calls).toEqual([]);
  });

  it("keeps a complimentary member's past invoices one click away, without opening the portal by itself", async () => {
    state.overview = { tier: "control", subscription: { complementary: true }, portal: true };
    renderPortal();
    expect(await screen.findByText(/Your Control plan is complimentary/)).toBeInTheDocument();
    expect(state.calls).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "See past invoices" }));
    await vi.waitFor(() => expect(goToStripe).toHaveBeenCalledWith(PORTAL));
  });

  it("sends signed-out visitors to sign in first, without asking for a session", async () => {
    const { router } = renderApp("/subscription-portal", { localAuth: await signedOutLocalClient() });
    await waitFor(() => expect(router.state.location.href).toBe("/login?redirect=%2Fsubscription-portal"));
    expect(state.calls).toEqual([]);
  });
});
