/**
 * The shopping cart's rules (SPEC §3, §5, §8, §9), as one pure reducer: prices in integer cents,
 * an existing product's quantity raised rather than a second line, a quantity of zero or less
 * removing the line, unavailable products and quantities over a product's maximum refused with
 * the SPEC texts (the cart then stays as it was), any other action clearing the error. The server
 * re-prices every checkout from its own catalogue; nothing here is trusted by it.
 */
import { CART } from "@/lib/constants";
import { MESSAGES } from "@/lib/messages";

/** What the cart needs of a catalogue product (convex/schema.ts productFields). */
export interface CartProduct {
  id: string;
  slug: string;
  name: string;
  type: string;
  /** Integer cents. */
  price: number;
  isAvailable: boolean;
  maxQuantity: number;
}

export interface CartItem {
  product: CartProduct;
  quantity: number;
  /** quantity x price, in cents. */
  totalPrice: number;
}

export interface Cart {
  items: CartItem[];
  /** Cents. */
  subtotal: number;
  /** Cents. */
  total: number;
  currency: string;
  error: string | null;
}

export type CartAction =
  | { type: "add"; product: CartProduct; quantity?: number }
  | { type: "update"; productId: string; quantity: number }
  | { type: "remove"; productId: string }
  | { type: "clear" }
  | { type: "load"; items: CartItem[] };

export const EMPTY_CART: Cart = { items: [], subtotal: 0, total: 0, currency: CART.defaultCurrency, error: null };

function priced(items: CartItem[], currency: string): Cart {
  const lines = items.map((item) => ({ ...item, totalPrice: item.quantity * item.product.price }));
  const subtotal = lines.reduce((sum, item) => sum + item.totalPrice, 0);
  return { items: lines, subtotal, total: subtotal, currency, error: null };
}

const refused = (cart: Cart, error: string): Cart => ({ ...cart, error });

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case "add": {
      const { product } = action;
      const quantity = action.quantity ?? 1;
      if (!product.isAvailable) return refused(cart, MESSAGES.cart.unavailable(product.name));
      const existing = cart.items.find((item) => item.product.id === product.id);
      const wanted = (existing?.quantity ?? 0) + quantity;
      if (wanted > product.maxQuantity) return refused(cart, MESSAGES.cart.maxQuantity(product.name, product.maxQuantity));
      const items = existing
        ? cart.items.map((item) => (item === existing ? { ...item, product, quantity: wanted } : item))
        : [...cart.items, { product, quantity, totalPrice: 0 }];
      return priced(items, cart.currency);
    }
    case "update": {
      const existing = cart.items.find((item) => item.product.id === action.productId);
      if (!existing) return { ...cart, error: null };
      if (action.quantity <= 0) return priced(cart.items.filter((item) => item !== existing), cart.currency);
      if (action.quantity > existing.product.maxQuantity) {
        return refused(cart, MESSAGES.cart.maxQuantity(existing.product.name, existing.product.maxQuantity));
      }
      return priced(
        cart.items.map((item) => (item === existing ? { ...item, quantity: action.quantity } : item)),
        cart.currency,
      );
    }
    case "remove":
      return priced(
        cart.items.filter((item) => item.product.id !== action.productId),
        cart.currency,
      );
    case "clear":
      return { ...EMPTY_CART, currency: cart.currency };
    case "load":
      return priced(
        action.items.filter((item) => item.quantity > 0),
        cart.currency,
      );
  }
}

/** Whether the plus button of a line is disabled: the product's maximum is reached. */
export function atMaxQuantity(item: CartItem): boolean {
  return item.quantity >= item.product.maxQuantity;
}

/**
 * The saved cart's items, or none: a read failure or unreadable data is only logged (SPEC §8),
 * and the member starts with an empty cart rather than an error.
 */
export function readSavedItems(storage: Pick<Storage, "getItem">): CartItem[] {
  try {
    const raw = storage.getItem(CART.storageKey);
    if (raw === null) return [];
    const parsed = JSON.parse(raw) as { items?: unknown };
    return Array.isArray(parsed.items) ? (parsed.items as CartItem[]).filter(isCartItem) : [];
  } catch (error) {
    console.error("Could not read the saved cart", error);
    return [];
  }
}

/** Saves the cart's items; a write failure (full or blocked storage) is only logged. */
export function saveItems(storage: Pick<Storage, "setItem">, cart: Cart): void {
  try {
    storage.setItem(CART.storageKey, JSON.stringify({ items: cart.items, currency: cart.currency }));
  } catch (error) {
    console.error("Could not save the cart", error);
  }
}

function isCartItem(value: unknown): value is CartItem {
  const item = value as Partial<CartItem> | null;
  const product = item?.product as Partial<CartProduct> | undefined;
  return (
    typeof item?.quantity === "number" &&
    Number.isInteger(item.quantity) &&
    typeof product?.id === "string" &&
    typeof product.name === "string" &&
    typeof product.price === "number" &&
    Number.isInteger(product.price) &&
    typeof product.maxQuantity === "number" &&
    typeof product.isAvailable === "boolean"
  );
}
