import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CART_MESSAGES } from "@convex/model/cartMessages";
import { CART } from "@/lib/constants";
import { cartProduct, saveCart } from "@/test/cart";
import { renderApp } from "@/test/render-app";

const hour = cartProduct();
const course = cartProduct({ id: "p2", slug: "course", name: "Calm Inbox", type: "course", price: 4900, maxQuantity: 1 });

async function openCart(name: RegExp | string) {
  renderApp("/faq");
  const header = await screen.findByRole("banner");
  await userEvent.click(within(header).getByRole("button", { name }));
  return screen.findByRole("dialog", { name: "Your cart" });
}

describe("the header's cart", () => {
  it("shows how many items the cart holds, and an empty cart invites a look at the marketplace", async () => {
    const sheet = await openCart("Cart, 0 items");
    expect(within(sheet).getByText(/Your cart is empty/)).toBeInTheDocument();
    expect(within(sheet).getByRole("link", { name: "Browse the marketplace" })).toHaveAttribute("href", "/marketplace");
  });

  it("lists lines with totals in dollars and cents and links to checkout, the marketplace and the subscription portal", async () => {
    saveCart([hour, 1], [course, 1]);
    const sheet = await openCart("Cart, 2 items");
    const line = within(sheet).getByRole("listitem", { name: "Coaching hour" });
    expect(line).toHaveTextContent("Time package · $150.00 each");
    expect(within(sheet).getByText("Subtotal").nextSibling).toHaveTextContent("$199.00");
    expect(within(sheet).getByText("Total").nextSibling).toHaveTextContent("$199.00");
    expect(within(sheet).getByRole("link", { name: "Go to checkout" })).toHaveAttribute("href", "/checkout");
    expect(within(sheet).getByRole("link", { name: "Keep browsing the marketplace" })).toHaveAttribute("href", "/marketplace");
    expect(within(sheet).getByRole("link", { name: "Manage your subscription" })).toHaveAttribute("href", "/subscription-portal");
  });

  it("disables plus at the maximum with a calm note, not the refusal; minus to zero removes the line", async () => {
    saveCart([hour, 1]);
    const sheet = await openCart("Cart, 1 item");
    const plus = within(sheet).getByRole("button", { name: "One more Coaching hour" });
    await userEvent.click(plus);
    expect(plus).toBeDisabled();
    // Nothing was refused: the SPEC warning is for trying to go past the maximum.
    expect(within(sheet).queryByText(/Maximum quantity/)).not.toBeInTheDocument();
    expect(plus).toHaveAccessibleDescription(CART_MESSAGES.atMaxQuantity(2));
    // The page behind the open sheet is hidden from assistive technology, the header's button with it.
    expect(screen.getByRole("button", { name: "Cart, 2 items", hidden: true })).toBeInTheDocument();
    expect(within(sheet).getByText("$300.00", { selector: "p" })).toBeInTheDocument();

    await userEvent.click(within(sheet).getByRole("button", { name: "One fewer Coaching hour" }));
    await userEvent.click(within(sheet).getByRole("button", { name: "One fewer Coaching hour" }));
    expect(within(sheet).queryByRole("listitem", { name: "Coaching hour" })).not.toBeInTheDocument();
    expect(within(sheet).getByText(/Your cart is empty/)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(CART.storageKey)!)).toEqual({ items: [], currency: "usd" });
  });

  it("says nothing alarming about a one-per-order product that was just added", async () => {
    saveCart([course, 1]);
    const sheet = await openCart("Cart, 1 item");
    const line = within(sheet).getByRole("listitem", { name: "Calm Inbox" });
    expect(line).not.toHaveTextContent(/Maximum quantity/);
    expect(within(line).getByText(CART_MESSAGES.atMaxQuantity(1))).not.toHaveClass("text-warning-foreground");
  });

  it("removes one line, or empties the cart", async () => {
    saveCart([hour, 2], [course, 1]);
    const sheet = await openCart("Cart, 3 items");
    await userEvent.click(within(sheet).getByRole("button", { name: "Remove Calm Inbox" }));
    expect(within(sheet).queryByRole("listitem", { name: "Calm Inbox" })).not.toBeInTheDocument();
    expect(within(sheet).getByRole("listitem", { name: "Coaching hour" })).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole("button", { name: "Empty the cart" }));
    expect(screen.getByRole("button", { name: "Cart, 0 items", hidden: true })).toBeInTheDocument();
  });
});
