import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { CART } from "@/lib/constants";
import { cartProduct } from "@/test/cart";
import { CartProvider, useCart } from "./cart-provider";

const hour = cartProduct();
const wrapper = ({ children }: { children: ReactNode }) => <CartProvider>{children}</CartProvider>;
const saved = () =>
  JSON.parse(window.localStorage.getItem(CART.storageKey) ?? "null") as { items: { product: { id: string }; quantity: number }[] } | null;

const setItemOfStorage = Storage.prototype.setItem;

/** What another tab's write looks like here: storage changed, then a storage event (never this tab's own setItem). */
function otherTabWrites(value: string | null) {
  if (value === null) window.localStorage.removeItem(CART.storageKey);
  else setItemOfStorage.call(window.localStorage, CART.storageKey, value);
  window.dispatchEvent(new StorageEvent("storage", { key: CART.storageKey, newValue: value, storageArea: window.localStorage }));
}

describe("the cart provider", () => {
  it("saves every change under lwcc_shopping_cart and starts from what was saved", () => {
    const first = renderHook(() => useCart(), { wrapper });
    act(() => first.result.current.add(hour));
    act(() => first.result.current.add(hour));
    expect(saved()?.items.map((item) => [item.product.id, item.quantity])).toEqual([["p1", 2]]);
    first.unmount();

    const again = renderHook(() => useCart(), { wrapper });
    expect(again.result.current.count).toBe(2);
    expect(again.result.current.cart.total).toBe(30000);
  });

  it("follows another tab's changes without writing them back", () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    const setItem = vi.spyOn(Storage.prototype, "setItem");
    act(() => otherTabWrites(JSON.stringify({ items: [{ product: hour, quantity: 2, totalPrice: 30000 }], currency: "usd" })));
    expect(result.current.count).toBe(2);
    act(() => otherTabWrites(null));
    expect(result.current.count).toBe(0);
    expect(setItem).not.toHaveBeenCalled();
    setItem.mockRestore();
  });

  it("keeps working when storage refuses to save, and only logs it", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    const { result } = renderHook(() => useCart(), { wrapper });
    act(() => result.current.add(hour));
    expect(result.current.count).toBe(1);
    expect(error).toHaveBeenCalledWith("Could not save the cart", expect.any(DOMException));
    setItem.mockRestore();
    error.mockRestore();
  });

  it("is a developer error to use the cart outside its provider", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    function Orphan() {
      useCart();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow("useCart must be used within CartProvider, which is mounted in src/main.tsx around the whole app.");
    error.mockRestore();
  });

  it("counts quantities for the header", async () => {
    function Counter() {
      const { count, add } = useCart();
      return <button onClick={() => add(hour)}>{count}</button>;
    }
    render(<Counter />, { wrapper });
    await userEvent.click(screen.getByRole("button", { name: "0" }));
    await userEvent.click(screen.getByRole("button", { name: "1" }));
    expect(screen.getByRole("button", { name: "2" })).toBeInTheDocument();
  });
});
