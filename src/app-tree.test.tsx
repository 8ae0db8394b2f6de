/**
 * A prerendered page is taken over as it is (hydrated), not rendered anew: the app's first render
 * over it must be the prerender's, whatever the browser has saved (a theme, a cart), which arrives
 * right after.
 */
import { createMemoryHistory, createRouter } from "@tanstack/react-router";
import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { installMatchMedia } from "../tests/setup/match-media";
import { AppTree } from "./app-tree";
import { LocalAuthClient } from "./features/auth/local-auth-client";
import { cartReducer, EMPTY_CART, saveItems } from "./features/cart/cart";
import { PRERENDER_PATHS, render } from "./prerender";
import { routerOptions } from "./router";
import { routeTree } from "./routeTree.gen";

const product = { id: "p1", slug: "coaching-time", name: "Coaching Time", type: "time", price: 15_000, isAvailable: true, maxQuantity: 4 };

// jsdom has no scrolling; the router restores scroll positions as it takes a page over.
window.scrollTo = () => {};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  window.localStorage.clear();
});

describe("the app over a prerendered page", () => {
  it.each(PRERENDER_PATHS)("takes %s over without a mismatch, then shows the saved theme and cart", async (path) => {
    const page = await render(path);
    if (!page) return;
    installMatchMedia({ dark: false });
    window.localStorage.setItem("theme", "dark");
    saveItems(window.localStorage, cartReducer(EMPTY_CART, { type: "add", product, quantity: 2 }));
    const container = document.createElement("div");
    container.innerHTML = page.body;
    // The router's inline scripts run and remove themselves as the browser reads the page.
    for (const script of container.querySelectorAll("script")) script.remove();
    document.body.append(container);

    const client = new LocalAuthClient();
    const router = createRouter({ ...routerOptions, routeTree, history: createMemoryHistory({ initialEntries: [path] }), context: { auth: client } });
    router.ssr = { manifest: undefined };
    await router.load();
    const mismatches: unknown[] = [];
    act(() => {
      root = hydrateRoot(container, <AppTree identity={{ mode: "local", client }} router={router} overPrerendered />, {
        onRecoverableError: (error) => mismatches.push(error),
      });
    });

    expect(mismatches).toEqual([]);
    expect(document.documentElement).toHaveClass("dark");
    expect(container.querySelector('[aria-label*="cart" i]')?.textContent ?? "").toContain("2");
  });
});
