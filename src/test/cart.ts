import type { CartProduct } from "@/features/cart/cart";
import { CART } from "@/lib/constants";

/** A catalogue product as the cart holds it: an available hour of coaching unless told otherwise. */
export function cartProduct(overrides: Partial<CartProduct> = {}): CartProduct {
  return { id: "p1", slug: "hour", name: "Coaching hour", type: "time_package", price: 15000, isAvailable: true, maxQuantity: 2, ...overrides };
}

/** A cart saved by an earlier visit, as the cart itself writes it. */
export function saveCart(...lines: [CartProduct, number][]) {
  const items = lines.map(([product, quantity]) => ({ product, quantity, totalPrice: product.price * quantity }));
  window.localStorage.setItem(CART.storageKey, JSON.stringify({ items, currency: CART.defaultCurrency }));
}
