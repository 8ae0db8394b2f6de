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

const state = {
  calls: [] as { name: string; args: unknown }[],
  answer: (): Promise<unknown> => Promise.resolve({ url: PORTAL }),
};

vi.mock("convex/react", () => ({
  useQuery: () => undefined,
  useAction: (action: unknown) => (args: unknown) => {
    state.calls.push({ name: getFunctionName(action as never), args });
    return state.answer();
  },
}));

// jsdom cannot leave the page; the test checks where the page would go instead.
vi.mock("./billing", async (importOriginal) => ({ ...(await importOriginal<typeof Billing>()), goToStripe: vi.fn() }));

beforeEach(() => {
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

  it("sends signed-out visitors to sign in first, without asking for a session", async () => {
    const { router } = renderApp("/subscription-portal", { localAuth: await signedOutLocalClient() });
    await waitFor(() => expect(router.state.location.href).toBe("/login?redirect=%2Fsubscription-portal"));
    expect(state.calls).toEqual([]);
  });
});
