import { REACTIVATION_MESSAGES } from "@convex/model/reactivation";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { format } from "date-fns";
import { getFunctionName } from "convex/server";
import { signedIn } from "@/test/auth";
import { renderApp } from "@/test/render-app";

type Answer = () => Promise<unknown>;
const state = {
  calls: [] as { name: string; args: unknown }[],
  answers: {} as Record<string, Answer>,
};
vi.mock("convex/react", () => ({
  useQuery: () => undefined,
  usePaginatedQuery: () => ({ results: [], status: "LoadingFirstPage", loadMore: () => {} }),
  useMutation: (mutation: unknown) => (args: unknown) => {
    const name = getFunctionName(mutation as never);
    state.calls.push({ name, args });
    return state.answers[name]?.() ?? Promise.resolve(null);
  },
}));

const HOUR = 60 * 60 * 1000;
const PRICING = {
  clarity: { monthly: 2100, quarterly: 5700 },
  control: { monthly: 12700, quarterly: 34500 },
  mastery: { monthly: 42700 },
};

function valid(overrides: Record<string, unknown> = {}) {
  return {
    status: "valid",
    signedIn: false,
    token: "tok",
    tokenPayload: { email: "dana@example.com" },
    expiresAt: Date.now() + 20 * HOUR,
    timeRemaining: 20 * HOUR + 5 * 60_000,
    isNearExpiry: false,
    deactivationInfo: { reason: "inactivity_90_days", deactivatedAt: Date.UTC(2026, 10, 1) },
    user: { firstName: "Dana", email: "dana@example.com", active: false },
    nextUrl: "/dashboard",
    stripePricing: null,
    securityLevel: "standard",
    errorType: null,
    errorMessage: null,
    heading: null,
    securityViolation: false,
    tokenValidation: { error: null },
    ...overrides,
  };
}

function invalid(type: keyof typeof REACTIVATION_MESSAGES.errors) {
  const violation = type === "invalid_signature" || type === "wrong_account";
  return valid({
    status: "invalid",
    tokenPayload: null,
    timeRemaining: null,
    expiresAt: null,
    deactivationInfo: null,
    user: null,
    securityLevel: violation ? "violation" : "elevated",
    errorType: type,
    errorMessage: REACTIVATION_MESSAGES.errors[type],
    heading: type === "system_error" ? "System Error" : violation ? REACTIVATION_MESSAGES.securityHeading : REACTIVATION_MESSAGES.invalidHeading,
    securityViolation: violation,
    tokenValidation: { error: type },
  });
}

beforeEach(() => {
  state.calls = [];
  state.answers = {};
});

const calls = (name: string) => state.calls.filter((call) => call.name === name).map((call) => call.args);

async function open(path: string, viewer: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp(path, viewer);
  await screen.findByRole("heading", { level: 1, name: "Reactivate your account" });
  return view;
}

describe("reactivation page", () => {
  it("shows a valid link's account, time left and a free reactivation, then asks a signed-out member to sign in", async () => {
    state.answers["reactivation:check"] = () => Promise.resolve(valid());
    let finish: (value: unknown) => void = () => {};
    state.answers["reactivation:reactivate"] = () => new Promise((resolve) => (finish = resolve));
    await open("/account/reactivate?token=tok&nextUrl=%2Fdashboard");
    await waitFor(() => expect(document.title).toBe("Reactivate your account | LWCC"));
    expect(screen.getByText(REACTIVATION_MESSAGES.notLoggedIn)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Welcome back, Dana" })).toBeInTheDocument();
    expect(screen.getByText("dana@example.com")).toBeInTheDocument();
    expect(screen.getByText(/paused after 90 days without a sign-in/)).toHaveTextContent(/without a sign-in\.$/);
    const pausedOn = format(Date.UTC(2026, 10, 1), "MMMM d, yyyy");
    expect(screen.getByText(pausedOn).parentElement).toHaveTextContent(`Paused on ${pausedOn}`);
    expect(screen.getByText(/valid for another 20 h 5 min/)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Or come back with a plan" })).not.toBeInTheDocument();
    expect(calls("reactivation:check")).toContainEqual({ token: "tok", nextUrl: "/dashboard" });

    await userEvent.click(screen.getByRole("button", { name: "Reactivate my account for free" }));
    expect(screen.getByRole("button", { name: "Processing..." })).toBeDisabled();
    expect(calls("reactivation:reactivate")).toEqual([{ token: "tok", nextUrl: "/dashboard", action: "reactivate" }]);
    finish({ ok: true, redirectTo: "/dashboard", signedIn: false, email: "dana@example.com" });
    expect(await screen.findByRole("heading", { name: "Your account is active again" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to continue" })).toHaveAttribute("href", "/login?redirect=%2Fdashboard");
  });

  it("offers the plans after a cancelled subscription, disabling a missing price and every button while one submits", async () => {
    state.answers["reactivation:check"] = () =>
      Promise.resolve(valid({ deactivationInfo: { reason: "subscription_cancelled", deactivatedAt: 1 }, stripePricing: PRICING, isNearExpiry: true, timeRemaining: 30 * 60_000 }));
    state.answers["reactivation:reactivate"] = () => new Promise(() => {});
    await open("/account/reactivate?token=tok");
    const plans = await screen.findByRole("region", { name: "Or come back with a plan" });
    expect(screen.getByText(/expires soon: 30 min/)).toBeInTheDocument();
    expect(within(plans).getByRole("button", { name: "Mastery Quarterly, price not available" })).toBeDisabled();
    const control = within(plans).getByRole("button", { name: "Control Quarterly, $345.00 a quarter" });
    expect(control).toBeEnabled();
    await userEvent.click(control);
    expect(calls("reactivation:reactivate")).toEqual([{ token: "tok", nextUrl: "/dashboard", action: "upgrade", tier: "control", billingCycle: "quarterly" }]);
    expect(within(plans).getByRole("button", { name: /^Control Quarterly/ })).toHaveTextContent("Processing...");
    for (const button of within(plans).getAllByRole("button")) expect(button).toBeDisabled();
    expect(screen.getByRole("button", { name: "Reactivate my account for free" })).toBeDisabled();
  });

  it("continues straight to the checkout when the member is signed in", async () => {
    state.answers["reactivation:check"] = () => Promise.resolve(valid({ signedIn: true, deactivationInfo: { reason: "subscription_cancelled", deactivatedAt: 1 }, stripePricing: PRICING }));
    state.answers["reactivation:reactivate"] = () => Promise.resolve({ ok: true, redirectTo: "/checkout?tier=clarity&billing=monthly", signedIn: true, email: "x" });
    const { router } = await open("/account/reactivate?token=tok", { viewer: signedIn() });
    await userEvent.click(await screen.findByRole("button", { name: "Clarity Monthly, $21.00 a month" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout"));
  });

  it("says a tampered link is a security issue that was logged, with the ways forward", async () => {
    state.answers["reactivation:check"] = () => Promise.resolve(invalid("invalid_signature"));
    await open("/account/reactivate?token=forged");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Security Issue Detected" })).toBeInTheDocument();
    expect(alert).toHaveTextContent(REACTIVATION_MESSAGES.errors.invalid_signature);
    expect(alert).toHaveTextContent("This incident has been logged for security purposes.");
    expect(screen.getByRole("link", { name: "Get a new reactivation link" })).toHaveAttribute("href", "/account/reactivate");
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  });

  it.each(["expired", "malformed", "wrong_purpose", "already_used", "default"] as const)("shows %s as an invalid link with its text", async (type) => {
    state.answers["reactivation:check"] = () => Promise.resolve(invalid(type));
    await open("/account/reactivate?token=x");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Invalid Reactivation Link" })).toBeInTheDocument();
    expect(alert).toHaveTextContent(REACTIVATION_MESSAGES.errors[type]);
    expect(alert).not.toHaveTextContent("This incident has been logged");
  });

  it("shows a link used while another account is signed in as a security issue", async () => {
    state.answers["reactivation:check"] = () => Promise.resolve(invalid("wrong_account"));
    await open("/account/reactivate?token=x", { viewer: signedIn() });
    expect(screen.getByText(REACTIVATION_MESSAGES.loggedIn)).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Security Issue Detected");
    expect(alert).toHaveTextContent(REACTIVATION_MESSAGES.errors.wrong_account);
  });

  it("shows the system error reason, and the generic System Error when the check itself fails, each with Try Again", async () => {
    state.answers["reactivation:check"] = () => Promise.resolve(invalid("system_error"));
    const first = await open("/account/reactivate?token=x");
    expect(await screen.findByRole("heading", { name: "System Error" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(REACTIVATION_MESSAGES.errors.system_error);
    expect(screen.getByRole("link", { name: "Try Again" })).toBeInTheDocument();
    first.unmount();

    vi.spyOn(console, "error").mockImplementation(() => {});
    state.answers["reactivation:check"] = () => Promise.reject(new Error("offline"));
    await open("/account/reactivate?token=y");
    expect(await screen.findByRole("heading", { name: "System Error" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("An unexpected error occurred. Please try again or contact support.");
    expect(screen.getByRole("link", { name: "Try Again" })).toBeInTheDocument();
  });

  it("tells a signed-in member without a link that the account is active", async () => {
    await open("/account/reactivate", { viewer: signedIn() });
    expect(screen.getByText(REACTIVATION_MESSAGES.loggedIn)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Your account is active" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(calls("reactivation:check")).toEqual([]);
  });

  it("lets a visitor without a link ask for a new one by e-mail", async () => {
    state.answers["reactivation:requestLink"] = () => Promise.resolve({ message: "If that address belongs to a paused account, a new link is on its way." });
    await open("/account/reactivate");
    expect(screen.getByText(REACTIVATION_MESSAGES.notLoggedIn)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send me a link" }));
    expect(screen.getByText("Please enter your email address.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email address/), "dana@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send me a link" }));
    expect(await screen.findByText(/a new link is on its way/)).toHaveAttribute("role", "status");
    expect(calls("reactivation:requestLink")).toEqual([{ email: "dana@example.com" }]);
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  });
});
