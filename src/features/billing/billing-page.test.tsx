import type { Id } from "@convex/_generated/dataModel";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { BILLING_TEXTS, SLOW_CONFIRMATION_MS, type BillingOverview, type Subscription } from "./billing";
import { BillingPage } from "./billing-page";

// Noon UTC, so the date is the same in Berlin (the test member's zone).
const PERIOD_END = Date.UTC(2026, 6, 8, 12);

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    tier: "control",
    billingCycle: "monthly",
    status: "active",
    currentPeriodEnd: PERIOD_END,
    cancelAtPeriodEnd: false,
    complementary: false,
    amount: 12700,
    ...overrides,
  };
}

function overview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    tier: "control",
    subscription: subscription(),
    payments: [],
    spend: Array.from({ length: 12 }, (_, index) => ({ month: `2025-${String(index + 1).padStart(2, "0")}`, amount: 0 })),
    portal: true,
    ...overrides,
  };
}

const state = {
  overview: undefined as BillingOverview | undefined,
  calls: [] as { name: string; args: unknown }[],
  answer: (): Promise<unknown> => Promise.resolve(null),
  listeners: new Set<() => void>(),
};

/** Stripe's webhook landing: the live query answers with new data. */
function update(next: BillingOverview) {
  state.overview = next;
  act(() => state.listeners.forEach((listener) => listener()));
}

vi.mock("convex/react", async () => {
  const { useEffect, useReducer } = await import("react");
  return {
    useQuery: () => {
      const [, rerender] = useReducer((n: number) => n + 1, 0);
      useEffect(() => {
        state.listeners.add(rerender);
        return () => void state.listeners.delete(rerender);
      }, []);
      return state.overview;
    },
    useAction: (action: unknown) => (args: unknown) => {
      state.calls.push({ name: getFunctionName(action as never), args });
      return state.answer();
    },
  };
});

beforeEach(() => {
  state.overview = overview();
  state.calls = [];
  state.answer = () => Promise.resolve(null);
});

afterEach(() => {
  vi.useRealTimers();
});

async function renderBilling() {
  renderPage(<BillingPage />, { path: "/dashboard/billing", viewer: signedIn({ timezone: "Europe/Berlin" }) });
  await screen.findByRole("heading", { level: 1, name: "Billing" });
}

function planCard() {
  return screen.getByRole("region", { name: /Control|Foundation|Mastery|Your plan/ });
}

describe("billing page: the plan", () => {
  it("shows skeletons while the overview loads", async () => {
    state.overview = undefined;
    await renderBilling();
    expect(screen.getByText("Loading your plan")).toBeInTheDocument();
    expect(screen.getByText("Loading your payments")).toBeInTheDocument();
    expect(screen.getByText("Loading your spending")).toBeInTheDocument();
  });

  it("shows an active plan with its price, next billing date and actions", async () => {
    await renderBilling();
    const card = planCard();
    expect(within(card).getByRole("heading", { name: "Control" })).toBeInTheDocument();
    expect(within(card).getByText("Active")).toBeInTheDocument();
    expect(within(card).getByText("Monthly")).toBeInTheDocument();
    expect(within(card).getByText("$127.00 / month")).toBeInTheDocument();
    expect(within(card).getByText("Next billing date")).toBeInTheDocument();
    expect(within(card).getByText("July 8, 2026")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Manage payment methods and invoices" })).toHaveAttribute("href", "/subscription-portal");
    expect(within(card).getByRole("button", { name: "Change plan" })).toBeEnabled();
    expect(within(card).getByRole("button", { name: "Cancel plan" })).toBeEnabled();
  });

  it("shows a cancelling plan with its end date and a way to keep it", async () => {
    state.overview = overview({ subscription: subscription({ cancelAtPeriodEnd: true }) });
    await renderBilling();
    const card = planCard();
    expect(within(card).getByText("Cancelling")).toBeInTheDocument();
    expect(within(card).getByText("Ends on")).toBeInTheDocument();
    expect(within(card).queryByText("Next billing date")).not.toBeInTheDocument();
    expect(within(card).getByText(/After that your account is paused/)).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Cancel plan" })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole("button", { name: "Keep my plan" }));
    expect(state.calls).toEqual([{ name: "billing:setCancelAtPeriodEnd", args: { cancel: false } }]);
    expect(within(card).getByRole("status")).toHaveTextContent(BILLING_TEXTS.waiting);
    expect(within(card).getByRole("status")).toHaveFocus();
  });

  it("marks a past-due plan calmly, with the way to fix it", async () => {
    state.overview = overview({ subscription: subscription({ status: "past_due" }) });
    await renderBilling();
    expect(within(planCard()).getByText("Past due")).toBeInTheDocument();
    expect(within(planCard()).getByText(/Your last payment didn't go through/)).toBeInTheDocument();
  });

  it("says a complimentary plan has no billing date and offers no plan changes", async () => {
    state.overview = overview({
      subscription: subscription({
        tier: "mastery",
        billingCycle: undefined,
        currentPeriodEnd: undefined,
        complementary: true,
        amount: undefined,
      }),
      portal: false,
    });
    await renderBilling();
    const card = planCard();
    expect(within(card).getByRole("heading", { name: "Mastery" })).toBeInTheDocument();
    expect(within(card).getByText(/complimentary: there's nothing to pay and no billing date/)).toBeInTheDocument();
    expect(within(card).queryByText("Next billing date")).not.toBeInTheDocument();
    expect(within(card).queryByRole("button")).not.toBeInTheDocument();
    expect(within(card).queryByRole("link")).not.toBeInTheDocument();
  });

  it("keeps the way to past invoices on a complimentary plan when there are some", async () => {
    state.overview = overview({
      subscription: subscription({ billingCycle: undefined, currentPeriodEnd: undefined, complementary: true, amount: undefined }),
      portal: true,
    });
    await renderBilling();
    const card = planCard();
    expect(within(card).getByRole("link", { name: "Manage payment methods and invoices" })).toHaveAttribute("href", "/subscription-portal");
    expect(within(card).queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows Foundation and a link to the plans when there is no plan", async () => {
    state.overview = overview({ tier: "foundation", subscription: null, portal: false });
    await renderBilling();
    const card = planCard();
    expect(within(card).getByRole("heading", { name: "Foundation" })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
    expect(within(card).queryByRole("link", { name: "Manage payment methods and invoices" })).not.toBeInTheDocument();
  });
});

describe("billing page: cancelling", () => {
  it("waits for Stripe's confirmation after the request, then shows the new state", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderBilling();
    await user.click(screen.getByRole("button", { name: "Cancel plan" }));

    const dialog = screen.getByRole("dialog", { name: "Cancel your plan?" });
    expect(dialog).toHaveTextContent("Your Control plan stays active until July 8, 2026.");
    expect(dialog).toHaveTextContent("your account is paused, not deleted, and you can come back any time");
    await user.click(within(dialog).getByRole("button", { name: "Cancel at end of period" }));

    expect(state.calls).toEqual([{ name: "billing:setCancelAtPeriodEnd", args: { cancel: true } }]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Nothing changes locally: the plan still reads as Stripe last confirmed it.
    const card = planCard();
    expect(within(card).getByText("Active")).toBeInTheDocument();
    expect(within(card).getByRole("status")).toHaveTextContent(BILLING_TEXTS.waiting);
    // The dialog's trigger now waits, disabled: focus goes to the news, not to the top of the page.
    expect(within(card).getByRole("status")).toHaveFocus();
    expect(within(card).getByRole("button", { name: "Change plan" })).toBeDisabled();
    expect(within(card).queryByText(BILLING_TEXTS.slow)).not.toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(SLOW_CONFIRMATION_MS);
    });
    expect(within(card).getByText(BILLING_TEXTS.slow)).toBeInTheDocument();

    update(overview({ subscription: subscription({ cancelAtPeriodEnd: true }) }));
    expect(within(card).getByText("Cancelling")).toBeInTheDocument();
    expect(within(card).getByText("Ends on")).toBeInTheDocument();
    expect(within(card).getByRole("status")).toHaveTextContent(BILLING_TEXTS.confirmed);
    expect(within(card).getByRole("button", { name: "Keep my plan" })).toBeEnabled();
  });

  it("keeps the dialog open with the server's words when the request fails", async () => {
    state.answer = () =>
      Promise.reject(new ConvexError({ code: "PAYMENTS_UNAVAILABLE", message: "Payments are not available right now." }));
    await renderBilling();
    await userEvent.click(screen.getByRole("button", { name: "Cancel plan" }));
    const dialog = screen.getByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel at end of period" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Payments are not available right now.");
    expect(within(planCard()).getByRole("status")).toBeEmptyDOMElement();
  });
});

describe("billing page: changing plan", () => {
  it("lists the other plans, labelled, and sends the chosen one with a request key", async () => {
    let finish: (value: null) => void = () => {};
    state.answer = () => new Promise((resolve) => (finish = resolve));
    await renderBilling();
    await userEvent.click(screen.getByRole("button", { name: "Change plan" }));
    const dialog = screen.getByRole("dialog", { name: "Change your plan" });

    expect(within(dialog).queryByRole("radio", { name: /Control Monthly/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: /Mastery Monthly.*Upgrade/ })).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: /Clarity Monthly.*Downgrade/ })).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: /Control Quarterly.*\$345\.00 \/ quarter.*Billing change/ })).toBeInTheDocument();
    expect(within(dialog).getByText(BILLING_TEXTS.prorate)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("button", { name: "Change plan" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Choose a plan first.");
    expect(state.calls).toEqual([]);

    await userEvent.click(within(dialog).getByRole("radio", { name: /Mastery Monthly/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Change plan" }));
    expect(within(dialog).getByRole("button", { name: "Processing..." })).toBeDisabled();
    expect(state.calls).toEqual([
      {
        name: "billing:changePlan",
        args: { tier: "mastery", billingCycle: "monthly", idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown },
      },
    ]);

    finish(null);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(planCard()).getByRole("status")).toHaveTextContent(BILLING_TEXTS.waiting);
    expect(within(planCard()).getByRole("status")).toHaveFocus();

    update(overview({ subscription: subscription({ tier: "mastery", amount: 42700 }) }));
    expect(screen.getByRole("heading", { name: "Mastery" })).toBeInTheDocument();
    expect(screen.getByText("$427.00 / month")).toBeInTheDocument();
  });

  it("repeats the same request key when the member retries the same choice", async () => {
    state.answer = () => Promise.reject(new Error("connection lost"));
    await renderBilling();
    await userEvent.click(screen.getByRole("button", { name: "Change plan" }));
    const dialog = screen.getByRole("dialog");
    await userEvent.click(within(dialog).getByRole("radio", { name: /Mastery Monthly/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Change plan" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(BILLING_TEXTS.failed);
    await userEvent.click(within(dialog).getByRole("button", { name: "Change plan" }));
    await userEvent.click(within(dialog).getByRole("radio", { name: /Clarity Monthly/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Change plan" }));
    const keys = state.calls.map((call) => (call.args as { idempotencyKey: string }).idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe("billing page: payments and spending", () => {
  it("lists payments with dates in the member's time zone", async () => {
    state.overview = overview({
      payments: [
        // 23:30 UTC on Jan 31 is already Feb 1 in Berlin.
        {
          _id: "payments:b" as Id<"payments">,
          amount: 12700,
          currency: "usd",
          description: "Control Monthly",
          paidAt: Date.UTC(2026, 0, 31, 23, 30),
        },
        {
          _id: "payments:a" as Id<"payments">,
          amount: 4500,
          currency: "usd",
          description: "1 hour of coaching",
          paidAt: Date.UTC(2025, 11, 2, 9),
        },
      ],
    });
    await renderBilling();
    const table = screen.getByRole("table", { name: "Payment history, newest first" });
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("Feb 1, 2026Control Monthly$127.00");
    expect(rows[2]).toHaveTextContent("Dec 2, 20251 hour of coaching$45.00");
  });

  it("invites the first payment when there are none, and says when nothing was spent", async () => {
    await renderBilling();
    expect(screen.getByText(/No payments yet/)).toBeInTheDocument();
    expect(screen.getByText("Nothing spent in the last 12 months.")).toBeInTheDocument();
  });

  it("sums spending and gives the chart's figures as a table", async () => {
    const spend = overview().spend.map((month) =>
      month.month === "2025-03" ? { ...month, amount: 12700 } : month.month === "2025-04" ? { ...month, amount: 4500 } : month,
    );
    state.overview = overview({ spend });
    await renderBilling();
    expect(screen.getByText("$172.00 spent in the last 12 months.")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Spending per month, the last 12 months" });
    expect(within(table).getByRole("row", { name: "March 2025 $127.00" })).toBeInTheDocument();
    expect(within(table).getAllByRole("row")).toHaveLength(13);
  });
});
