import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { http, HttpResponse } from "msw";
import { PAYMENT_MESSAGES } from "@convex/model/messages";
import { renderPage } from "@/features/catalog/render-page";
import { retryTimer } from "@/lib/retry";
import { signedIn } from "@/test/auth";
import { server } from "../../../tests/mocks/server";
import { CheckoutPage } from "./checkout-page";
import { PaymentFailedPage, PaymentSuccessPage } from "./payment-outcome";

const GATEWAY = "http://127.0.0.1:3999";
const SECRET = "pi_test123_secret_abc";

const quote = {
  tier: "control" as const,
  plans: [
    { tier: "control" as const, cycle: "monthly" as const, name: "Control Monthly", amount: 12700 },
    { tier: "control" as const, cycle: "quarterly" as const, name: "Control Quarterly", amount: 34500 },
  ],
  currentTier: "foundation",
  upgrade: false,
  subscription: null,
  cardholderName: "Maya Chen",
  payment: { mode: "local-gateway" as const, publishableKey: "pk_test_local_x", apiUrl: GATEWAY },
};

const state = {
  quote: quote as unknown,
  order: undefined as unknown,
  started: [] as Record<string, unknown>[],
  /** Failures of the next start calls, in order; a start with none left succeeds. */
  startErrors: [] as Error[],
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown) => (getFunctionName(query as never) === "billing:checkoutQuote" ? state.quote : state.order),
  useAction: () => (args: Record<string, unknown>) => {
    state.started.push(args);
    const error = state.startErrors.shift();
    return error ? Promise.reject(error) : Promise.resolve({ orderId: "orders:1", clientSecret: SECRET });
  },
}));

const maya = signedIn({ firstName: "Maya", lastName: "Chen" });
const confirms: URLSearchParams[] = [];

function gatewayAnswers(status: number, body: Record<string, unknown>) {
  server.use(
    http.post(`${GATEWAY}/v1/payment_intents/pi_test123/confirm`, async ({ request }) => {
      expect(request.headers.get("authorization")).toBe("Bearer pk_test_local_x");
      confirms.push(new URLSearchParams(await request.text()));
      return HttpResponse.json(body, { status });
    }),
  );
}

beforeEach(() => {
  state.quote = quote;
  state.order = undefined;
  state.started = [];
  state.startErrors = [];
  confirms.length = 0;
  // Retries of a start happen at once here.
  vi.spyOn(retryTimer, "sleep").mockResolvedValue();
});

async function fillCard(number = "4242 4242 4242 4242") {
  await userEvent.type(await screen.findByLabelText("Card number"), number);
  await userEvent.type(screen.getByLabelText("Expiry (MM/YY)"), "12/30");
  await userEvent.type(screen.getByLabelText("CVC"), "123");
}

describe("checkout", () => {
  it("shows the order summary with monthly x 3 per quarter, features, the money-back promise and the name prefilled", async () => {
    renderPage(<CheckoutPage search={{ tier: "control", billing: "quarterly" }} />, { viewer: maya });
    expect(await screen.findByRole("heading", { level: 1, name: "Checkout" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /Quarterly/ })).toBeChecked();
    expect(screen.getByText("instead of $381.00 (3 x $127.00 monthly)")).toBeInTheDocument();
    expect(screen.getByText("$345.00", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByText("Priority booking for coaching sessions")).toBeInTheDocument();
    expect(screen.getByText("30-day money-back promise.")).toBeInTheDocument();
    expect(screen.getByLabelText(/Cardholder name/)).toHaveValue("Maya Chen");
  });

  it("requires the cardholder name and the terms, and sends nothing until both are there", async () => {
    renderPage(<CheckoutPage search={{ tier: "control" }} />, { viewer: maya });
    await userEvent.clear(await screen.findByLabelText(/Cardholder name/));
    await userEvent.click(screen.getByRole("button", { name: "Pay securely" }));
    expect(await screen.findAllByText("Please enter the cardholder name.")).not.toHaveLength(0);
    expect(screen.getAllByText("Please accept the terms to continue.")).not.toHaveLength(0);
    expect(state.started).toEqual([]);
  });

  it("pays with the test card at the payment provider and goes to the success page", async () => {
    gatewayAnswers(200, { id: "pi_test123", object: "payment_intent", status: "succeeded" });
    const { router } = renderPage(<CheckoutPage search={{ tier: "control" }} />, { viewer: maya });
    await fillCard();
    await userEvent.click(screen.getByRole("checkbox", { name: /I accept the Terms of Service/ }));
    await userEvent.click(screen.getByRole("button", { name: "Pay securely" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/success"));
    expect(router.state.location.search).toEqual({ order: "orders:1" });
    expect(state.started).toMatchObject([{ tier: "control", billingCycle: "monthly", cardholderName: "Maya Chen" }]);
    expect(String(state.started[0]!.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.fromEntries(confirms[0]!.entries())).toMatchObject({ client_secret: SECRET, "payment_method_data[card][number]": "4242424242424242", "payment_method_data[card][exp_month]": "12", "payment_method_data[card][exp_year]": "2030" });
  });

  it("sends a declined card to the failed page with Stripe's code", async () => {
    gatewayAnswers(402, { error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." } });
    const { router } = renderPage(<CheckoutPage search={{ tier: "control" }} />, { viewer: maya });
    await fillCard("4000 0000 0000 9995");
    await userEvent.click(screen.getByRole("checkbox", { name: /I accept/ }));
    await userEvent.click(screen.getByRole("button", { name: "Pay securely" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/failed"));
    expect(router.state.location.search).toEqual({ tier: "control", code: "insufficient_funds" });
  });

  it("shows the server's refusal and lets the member try again", async () => {
    state.startErrors = [new ConvexError({ code: "PAYMENTS_UNAVAILABLE", message: "Payments are not available right now. Nothing was charged; please try again later." })];
    renderPage(<CheckoutPage search={{ tier: "control" }} />, { viewer: maya });
    await fillCard();
    await userEvent.click(screen.getByRole("checkbox", { name: /I accept/ }));
    await userEvent.click(screen.getByRole("button", { name: "Pay securely" }));
    expect(await screen.findByText("Payments are not available right now. Nothing was charged; please try again later.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay securely" })).toBeEnabled();
    expect(confirms).toEqual([]);
  });

  it("starts again with the same key when the connection drops mid-start, but never after a decline", async () => {
    gatewayAnswers(200, { id: "pi_test123", object: "payment_intent", status: "succeeded" });
    state.startErrors = [new Error("Connection lost while action was in flight")];
    const { router } = renderPage(<CheckoutPage search={{ tier: "control" }} />, { viewer: maya });
    await fillCard();
    await userEvent.click(screen.getByRole("checkbox", { name: /I accept/ }));
    await userEvent.click(screen.getByRole("button", { name: "Pay securely" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/success"));
    expect(state.started).toHaveLength(2);
    expect(state.started[1]!.idempotencyKey).toBe(state.started[0]!.idempotencyKey);

    state.started = [];
    state.startErrors = [new ConvexError({ code: "card_declined", message: PAYMENT_MESSAGES.card_declined })];
    renderPage(<CheckoutPage search={{ tier: "control" }} />, { viewer: maya });
    await fillCard();
    await userEvent.click(screen.getByRole("checkbox", { name: /I accept/ }));
    await userEvent.click(screen.getByRole("button", { name: "Pay securely" }));
    expect(await screen.findByText(PAYMENT_MESSAGES.card_declined)).toBeInTheDocument();
    expect(state.started).toHaveLength(1);
  });

  it("says so when the plan does not exist", async () => {
    state.quote = null;
    renderPage(<CheckoutPage search={{ tier: "diamond" }} />, { viewer: maya });
    expect(await screen.findByText("That plan isn't available. Please choose one on the pricing page.")).toBeInTheDocument();
  });
});

describe("payment outcome pages", () => {
  it.each(Object.entries(PAYMENT_MESSAGES))("shows the SPEC text for %s with the ways forward", async (code, text) => {
    renderPage(<PaymentFailedPage tier="control" code={code} />, { viewer: maya });
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
    expect(screen.getByRole("link", { name: "Retry" })).toHaveAttribute("href", "/checkout?tier=control");
    expect(screen.getByRole("link", { name: "Compare plans" })).toHaveAttribute("href", "/pricing");
    expect(screen.getByRole("link", { name: "Support" })).toHaveAttribute("href", "/support");
    expect(screen.getByRole("link", { name: /E-mail support@/ })).toHaveAttribute("href", expect.stringMatching(/^mailto:support@lwcc.example/));
  });

  it("after a failed cart payment, leads back to the cart's products, not to the plans", async () => {
    renderPage(<PaymentFailedPage code="card_declined" />, { viewer: maya });
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Retry" })).toHaveAttribute("href", "/checkout");
    expect(screen.getByRole("link", { name: "Browse the marketplace" })).toHaveAttribute("href", "/marketplace");
    expect(screen.queryByText(/plan/i)).not.toBeInTheDocument();
  });

  it("waits, live, for Stripe's confirmation", async () => {
    state.order = { _id: "orders:1", kind: "subscription", status: "pending", items: [], amount: 42700, currency: "usd", createdAt: 0, subscription: null, tier: "mastery", billingCycle: "monthly" };
    renderPage(<PaymentSuccessPage orderId="orders:1" />, { viewer: maya });
    expect(await screen.findByText(/waiting for the payment provider/)).toHaveAttribute("role", "status");
  });

  it("shows the plan, billing cycle, next billing date and Active once paid, the coaching step for Mastery, and the next steps", async () => {
    state.order = {
      _id: "orders:1",
      kind: "subscription",
      status: "paid",
      items: [],
      amount: 42700,
      currency: "usd",
      createdAt: 0,
      tier: "mastery",
      billingCycle: "monthly",
      subscription: { tier: "mastery", billingCycle: "monthly", status: "active", currentPeriodEnd: Date.UTC(2026, 11, 24, 12), cancelAtPeriodEnd: false, complementary: false },
    };
    renderPage(<PaymentSuccessPage orderId="orders:1" />, { viewer: maya });
    expect(await screen.findByRole("heading", { name: "Payment successful" })).toBeInTheDocument();
    expect(screen.getByText("Mastery")).toBeInTheDocument();
    expect(screen.getByText("Monthly")).toBeInTheDocument();
    expect(screen.getByText("24 December 2026")).toBeInTheDocument();
    expect(screen.getByText("Active")).toBeInTheDocument();
    expect(screen.getByText("We've sent a confirmation e-mail to maya@example.com.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book your coaching session" })).toHaveAttribute("href", "/coaching");
    expect(screen.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.getByRole("link", { name: "Review your profile" })).toHaveAttribute("href", "/profile");
    expect(screen.getByRole("link", { name: "Meet the community" })).toHaveAttribute("href", "/community");
  });

  const paidPackage = {
    _id: "orders:2",
    kind: "cart",
    status: "paid",
    items: [
      {
        productId: "products:hour",
        name: "Coaching hour",
        type: "time_package",
        quantity: 1,
        unitPrice: 15000,
        totalPrice: 15000,
        minutes: 60,
      },
    ],
    amount: 15000,
    currency: "usd",
    createdAt: 0,
    subscription: null,
    schedule: { coachId: "users:cora", startsAt: Date.UTC(2026, 11, 2, 14) },
  };

  it("shows the minutes bought and the session booked with them", async () => {
    state.order = { ...paidPackage, scheduledSessionId: "k57session9" };
    renderPage(<PaymentSuccessPage orderId="orders:2" />, { viewer: signedIn({ timezone: "UTC" }) });
    expect(await screen.findByText("60 minutes added to your time balance")).toBeInTheDocument();
    expect(screen.getByText("Your first session is booked for Wednesday 2 December 2026, 14:00.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See your booking" })).toHaveAttribute("href", "/dashboard/bookings/k57session9");
  });

  it("says why the picked time could not be booked and offers another, the minutes kept", async () => {
    state.order = { ...paidPackage, scheduleProblem: "That time is no longer free. Please pick another time." };
    renderPage(<PaymentSuccessPage orderId="orders:2" />, { viewer: maya });
    const problem = (await screen.findByText(/We couldn't book the time you picked/)).closest("[role=status]");
    expect(problem).toHaveTextContent(
      "We couldn't book the time you picked: That time is no longer free. Please pick another time. Your minutes are safe in your balance.",
    );
    expect(screen.getByRole("link", { name: "Pick another time" })).toHaveAttribute("href", "/dashboard/book-session");
    expect(screen.queryByRole("link", { name: "See your booking" })).not.toBeInTheDocument();
  });

  it("shows the failure inline when Stripe reported the payment failed", async () => {
    state.order = { _id: "orders:1", kind: "cart", status: "failed", failureCode: "expired_card", items: [], amount: 100, currency: "usd", createdAt: 0, subscription: null };
    renderPage(<PaymentSuccessPage orderId="orders:1" />, { viewer: maya });
    expect(await screen.findByRole("alert")).toHaveTextContent(PAYMENT_MESSAGES.expired_card);
  });
});
