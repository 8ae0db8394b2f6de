import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import { CART } from "@/lib/constants";
import { missingProvider } from "@/lib/missing-provider";
import { cartReducer, EMPTY_CART, readSavedItems, saveItems, type Cart, type CartProduct } from "./cart";

export interface CartContextValue {
  cart: Cart;
  /** Items counted with their quantities: what the header's badge shows. */
  count: number;
  add: (product: CartProduct, quantity?: number) => void;
  update: (productId: string, quantity: number) => void;
  remove: (productId: string) => void;
  clear: () => void;
}

const CartContext = createContext<CartContextValue | null>(null);

type CartStorage = Pick<Storage, "getItem" | "setItem">;

/** The cart as a first visit sees it: empty. */
export const noSavedCart: CartStorage = { getItem: () => null, setItem: () => {} };

const loaded = (storage: CartStorage) => cartReducer(EMPTY_CART, { type: "load", items: readSavedItems(storage) });

/**
 * The cart of this browser: kept in localStorage under SPEC §9's key, and in step with the
 * member's other tabs through the storage event. Nothing here needs the backend, so a visitor's
 * page stays as light as before; the server prices the cart again at checkout.
 */
export function CartProvider({
  children,
  storage = window.localStorage,
  restoreAfterFirstRender = false,
}: {
  children: ReactNode;
  storage?: CartStorage;
  /** Over a prerendered page (rendered with an empty cart), the saved cart comes in right after the first render. */
  restoreAfterFirstRender?: boolean;
}) {
  const [cart, dispatch] = useReducer(cartReducer, restoreAfterFirstRender ? noSavedCart : storage, loaded);
  // Items are written when they change here; what another tab wrote is only read, never written back.
  const saved = useRef(cart.items);
  const fromOtherTab = useRef(false);

  // Before the browser paints: the saved cart replaces the empty one without a flash, and is not written back.
  useLayoutEffect(() => {
    if (!restoreAfterFirstRender) return;
    fromOtherTab.current = true;
    dispatch({ type: "load", items: readSavedItems(storage) });
  }, [restoreAfterFirstRender, storage]);

  useEffect(() => {
    if (cart.items === saved.current) return;
    saved.current = cart.items;
    if (fromOtherTab.current) fromOtherTab.current = false;
    else saveItems(storage, cart);
  }, [cart, storage]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // A null key means the other tab cleared all of storage.
      if (event.storageArea !== storage || (event.key !== null && event.key !== CART.storageKey)) return;
      fromOtherTab.current = true;
      dispatch({ type: "load", items: readSavedItems(storage) });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [storage]);

  const add = useCallback((product: CartProduct, quantity?: number) => dispatch({ type: "add", product, quantity }), []);
  const update = useCallback((productId: string, quantity: number) => dispatch({ type: "update", productId, quantity }), []);
  const remove = useCallback((productId: string) => dispatch({ type: "remove", productId }), []);
  const clear = useCallback(() => dispatch({ type: "clear" }), []);
  const count = cart.items.reduce((sum, item) => sum + item.quantity, 0);
  const value = useMemo(() => ({ cart, count, add, update, remove, clear }), [cart, count, add, update, remove, clear]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw missingProvider("useCart", "CartProvider", "in src/main.tsx around the whole app");
  return context;
}
