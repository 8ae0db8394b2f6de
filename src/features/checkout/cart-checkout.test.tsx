import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { http, HttpResponse } from "msw";
import { CART_MESSAGES } from "@convex/model/cartMessages";
import type { CartProduct } from "@/features/cart/cart";
import { renderPage } from "@/features/catalog/render-page";
import { CART } from "@/lib/constants";
import { signedIn } from "@/test/auth";
import { cartProduct, saveCart } from "@/test/cart";
import { server } from "../../../tests/mocks/server";
import { CheckoutPage } from "./checkout-page";

const GATEWAY = "http://127.0.0.1:3999";
const SECRET = "pi_cart123_secret_abc";
const HOUR_MS = 60 * 60 * 1000;
/** Tomorrow at 10:00 UTC: inside the slot picker's first week. */
const SLOT = Math.ceil((Date.now() + 24 * HOUR_MS) / (24 * HOUR_MS)) * 24 * HOUR_MS + 10 * HOUR_MS;

const hour = cartProduct({ id: "products:hour", maxQuantity: 3 });
const course = cartProduct({ id: "products:course", slug: "course", name: "Calm Inbox", type: "course", price: 4900, maxQuantity: 1 });

const line = (product: CartProduct, quantity: number, unitPrice = product.price) => ({
  productId: product.id,
  name: product.name,
  type: product.type,
  quantity,
  unitPrice,
  totalPrice: unitPrice * quantity,
  minutes: product.type === "time_package" ? 60 * quantity : 0,
});

const state = {
  priced: undefined as unknown,
  quoted: [] as unknown[],
  started: [] as Record<string, unknown>[],
};

vi.mock("convex/react", () => ({
  useQuery: (query: unknown, args: unknown) => {
    const name = getFunctionName(query as never);
    if (name === "billing:cartQuote") {
      state.quoted.push(args);
      return {
        priced: state.priced,
        cardholderName: "Maya Lopez",
        payment: { mode: "local-gateway", publishableKey: "pk_test_local_x", apiUrl: GATEWAY },
      };
    }
    if (name === "availability:coaches") return args === "skip" ? undefined : [{ _id: "users:cora", name: "Cora Reyes", timezone: "UTC" }];
    if (name === "availability:slots") return [SLOT];
    if (name === "intro:slots") return undefined;
    throw new Error(`unexpected query ${name}`);
  },
  useAction: () => (args: Record<string, unknown>) => {
    state.started.push(args);
    return Promise.resolve({ orderId: "orders:7", clientSecret: SECRET });
  },
}));

const maya = signedIn({ firstName: "Maya", lastName: "Lopez", timezone: "UTC" });

function renderCheckout() {
  return renderPage(<CheckoutPage search={{}} />, { viewer: maya });
}

async function pay() {
  server.use(
    http.post(`${GATEWAY}/v1/payment_intents/pi_cart123/confirm`, () => HttpResponse.json({ id: "pi_cart123", status: "succeeded" })),
  );
  await userEvent.type(await screen.findByLabelText("Card number"), "4242 4242 4242 4242");
  await userEvent.type(screen.getByLabelText("Expiry (MM/YY)"), "12/30");
  await userEvent.type(screen.getByLabelText("CVC"), "123");
  await userEvent.click(screen.getByRole("checkbox", { name: /I accept the Terms of Service/ }));
  await userEvent.click(screen.getByRole("button", { name: "Pay securely" }));
}

beforeEach(() => {
  state.priced = undefined;
  state.quoted = [];
  state.started = [];
});

describe("cart checkout", () => {
  it("says so when the cart is empty, with the way back to the marketplace", async () => {
    renderCheckout();
    expect(await screen.findByText("Your cart is empty.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse the marketplace" })).toHaveAttribute("href", "/marketplace");
  });

  it("shows the server's prices, not the cart's, pays, empties the cart and goes to the success page", async () => {
    saveCart([course, 1]);
    state.priced = { items: [line(course, 1, 5900)], amount: 5900 };
    const { router } = renderCheckout();
    const summary = await screen.findByRole("region", { name: "Order summary" });
    expect(state.quoted.at(-1)).toEqual({ lines: [{ productId: "products:course", quantity: 1 }] });
    expect(summary).toHaveTextContent("Calm Inbox x 1$59.00");
    expect(summary).toHaveTextContent("Due today$59.00");
    // A cart is an order of products: the plans' promise is for plan checkouts.
    expect(screen.queryByText(/plan/i)).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Cardholder name/)).toHaveValue("Maya Lopez");
    await pay();
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/success"));
    expect(router.state.location.search).toEqual({ order: "orders:7" });
    expect(state.started).toEqual([
      {
        lines: [{ productId: "products:course", quantity: 1 }],
        cardholderName: "Maya Lopez",
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      },
    ]);
    expect(JSON.parse(window.localStorage.getItem(CART.storageKey)!)).toEqual({ items: [], currency: "usd" });
  });

  it("with coaching time in the cart, first offers to schedule a session; skipping books nothing", async () => {
    saveCart([hour, 1]);
    state.priced = { items: [line(hour, 1)], amount: 15000 };
    renderCheckout();
    const dialog = await screen.findByRole("dialog", { name: "Schedule your first session?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Skip for now" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByText(/No session picked yet/)).toBeInTheDocument();
    expect(screen.getByText("60 minutes for your time balance")).toBeInTheDocument();
    await pay();
    await waitFor(() => expect(state.started).toHaveLength(1));
    expect(state.started[0]).not.toHaveProperty("schedule");
  });

  it("books the picked time with the order once a slot is chosen", async () => {
    saveCart([hour, 1]);
    state.priced = { items: [line(hour, 1)], amount: 15000 };
    renderCheckout();
    const dialog = await screen.findByRole("dialog", { name: "Schedule your first session?" });
    const schedule = within(dialog).getByRole("button", { name: "Schedule and continue" });
    expect(schedule).toBeDisabled();
    await userEvent.click(within(dialog).getByRole("button", { name: "10:00 AM" }));
    expect(within(dialog).getByText(/with Cora Reyes/)).toBeInTheDocument();
    await userEvent.click(schedule);
    expect(screen.getByText(/First session:/)).toHaveTextContent("with Cora Reyes. We book it when your payment is confirmed.");
    await pay();
    await waitFor(() => expect(state.started).toHaveLength(1));
    expect(state.started[0]).toMatchObject({ schedule: { coachId: "users:cora", startsAt: SLOT } });
  });

  it("keeps a picked time when the dialog is closed, and drops it when the member skips", async () => {
    saveCart([hour, 1]);
    state.priced = { items: [line(hour, 1)], amount: 15000 };
    renderCheckout();
    const dialog = await screen.findByRole("dialog", { name: "Schedule your first session?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "10:00 AM" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule and continue" }));
    await userEvent.click(screen.getByRole("button", { name: "Change the time" }));
    await userEvent.keyboard("{Escape}");
    expect(screen.getByText(/First session:/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Change the time" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Skip for now" }));
    expect(screen.getByText(/No session picked yet/)).toBeInTheDocument();
  });

  it("shows what the server refuses in the SPEC's words and offers no payment", async () => {
    saveCart([course, 1]);
    state.priced = { code: "PRODUCT_UNAVAILABLE", message: CART_MESSAGES.unavailable("Calm Inbox") };
    renderCheckout();
    expect(await screen.findByRole("alert")).toHaveTextContent("Calm Inbox is currently unavailable");
    expect(screen.queryByRole("button", { name: "Pay securely" })).not.toBeInTheDocument();
  });
});
