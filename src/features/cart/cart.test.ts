import { formatPrice } from "@convex/model/products";
import { CART } from "@/lib/constants";
import { atMaxQuantity, cartReducer, EMPTY_CART, readSavedItems, saveItems, type CartProduct } from "./cart";

const coaching: CartProduct = { id: "p1", slug: "coaching", name: "Coaching hour", type: "time_package", price: 12500, isAvailable: true, maxQuantity: 3 };
const course: CartProduct = { id: "p2", slug: "course", name: "Focus course", type: "course", price: 4999, isAvailable: true, maxQuantity: 1 };

describe("cart rules", () => {
  it("adds a product, raises the quantity of one already there, and prices lines and totals in cents", () => {
    let cart = cartReducer(EMPTY_CART, { type: "add", product: coaching });
    cart = cartReducer(cart, { type: "add", product: course });
    cart = cartReducer(cart, { type: "add", product: coaching });
    expect(cart.items.map((item) => [item.product.id, item.quantity, item.totalPrice])).toEqual([
      ["p1", 2, 25000],
      ["p2", 1, 4999],
    ]);
    expect(cart.subtotal).toBe(29999);
    expect(cart.total).toBe(29999);
    expect(cart.currency).toBe("usd");
    expect(formatPrice(cart.total, cart.currency)).toBe("$299.99");
  });

  it("refuses an unavailable product and a quantity over the maximum with the SPEC texts, changing nothing", () => {
    const one = cartReducer(EMPTY_CART, { type: "add", product: course });
    const over = cartReducer(one, { type: "add", product: course });
    expect(over.error).toBe("Maximum quantity for Focus course is 1");
    expect(over.items).toEqual(one.items);
    expect(atMaxQuantity(one.items[0]!)).toBe(true);

    const unavailable = cartReducer(one, { type: "add", product: { ...coaching, isAvailable: false } });
    expect(unavailable.error).toBe("Coaching hour is currently unavailable");
    expect(unavailable.items).toEqual(one.items);

    const updatedOver = cartReducer(cartReducer(EMPTY_CART, { type: "add", product: coaching }), { type: "update", productId: "p1", quantity: 4 });
    expect(updatedOver.error).toBe("Maximum quantity for Coaching hour is 3");
    expect(updatedOver.items[0]!.quantity).toBe(1);
    // Any other action clears the error.
    expect(cartReducer(updatedOver, { type: "update", productId: "p1", quantity: 2 }).error).toBeNull();
  });

  it("removes a line when its quantity is updated to zero or less, and on remove; clear empties the cart", () => {
    const cart = cartReducer(cartReducer(EMPTY_CART, { type: "add", product: coaching }), { type: "add", product: course });
    expect(cartReducer(cart, { type: "update", productId: "p1", quantity: 0 }).items.map((i) => i.product.id)).toEqual(["p2"]);
    expect(cartReducer(cart, { type: "update", productId: "p1", quantity: -1 }).subtotal).toBe(4999);
    expect(cartReducer(cart, { type: "remove", productId: "p2" }).subtotal).toBe(12500);
    expect(cartReducer(cart, { type: "clear" })).toEqual(EMPTY_CART);
  });

  it("loads saved items, re-pricing them, and survives unreadable or failing storage by logging only", () => {
    const cart = cartReducer(EMPTY_CART, { type: "add", product: coaching, quantity: 2 });
    const store = new Map<string, string>();
    saveItems({ setItem: (key, value) => store.set(key, value) }, cart);
    expect([...store.keys()]).toEqual([CART.storageKey]);
    const loaded = cartReducer(EMPTY_CART, { type: "load", items: readSavedItems({ getItem: (key) => store.get(key) ?? null }) });
    expect(loaded).toEqual(cart);

    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(readSavedItems({ getItem: () => "{not json" })).toEqual([]);
    expect(readSavedItems({ getItem: () => JSON.stringify({ items: [{ product: { id: "x" }, quantity: "2" }] }) })).toEqual([]);
    expect(() =>
      saveItems(
        {
          setItem: () => {
            throw new DOMException("full", "QuotaExceededError");
          },
        },
        cart,
      ),
    ).not.toThrow();
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
