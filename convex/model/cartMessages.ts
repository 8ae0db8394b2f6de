/**
 * The cart's texts, in a module of their own: the cart button is on every page, so they are in the
 * first bundle, and the rest of the backend's messages need not be.
 */
export const CART_MESSAGES = {
  unavailable: (name: string) => `${name} is currently unavailable`,
  maxQuantity: (name: string, max: number) => `Maximum quantity for ${name} is ${max}`,
  /** Beside a line that holds the most one order can: a calm note, not the refusal above. */
  atMaxQuantity: (max: number) => (max === 1 ? "One per order." : `Up to ${max} per order.`),
  empty: "Your cart is empty. Add something from the marketplace first.",
  notFound: "Something in your cart is no longer in our catalogue. Please remove it and try again.",
  quantityInvalid: "Quantities must be whole numbers of 1 or more.",
  nothingToPay: "There's nothing to pay for in this cart. Free sessions are booked on the free intro session page.",
} as const;
