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
import { placePrerendered, takeOver } from "./test/take-over";
import { AppTree } from "./app-tree";
import { LocalAuthClient } from "./features/auth/local-auth-client";
import { cartReducer, EMPTY_CART, saveItems } from "./features/cart/cart";
import { wakeOnInteraction } from "./lib/wake";
import { PRERENDER_PATHS, render } from "./prerender";
import { prepareTakeOver, routerOptions } from "./router";
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
    const container = placePrerendered(page);
    const takenOver = await takeOver(container, path);
    root = takenOver.root;

    expect(takenOver.mismatches).toEqual([]);
    expect(document.documentElement).toHaveClass("dark");
    expect(container.querySelector('[aria-label*="cart" i]')?.textContent ?? "").toContain("2");
  });
});

describe("the home page where the no-JavaScript newsletter sign-up lands", () => {
  it.each([
    ["/?newsletter=subscribed", "Thanks! Please check your inbox"],
    ["/?newsletter=busy&wait=120", "Please try again in 2 minutes"],
  ])("takes %s over without a mismatch, then shows the outcome", async (landing, outcome) => {
    const page = (await render("/"))!;
    installMatchMedia({ dark: false });
    const container = placePrerendered(page);
    expect(container.textContent).not.toContain(outcome);
    const takenOver = await takeOver(container, landing);
    root = takenOver.root;

    expect(takenOver.mismatches).toEqual([]);
    expect(container.querySelector("#newsletter")?.textContent).toContain(outcome);
  });
});

describe("the app taking over a page the visitor has scrolled", () => {
  it("leaves the page where it is; the next page it navigates to starts at the top", async () => {
    const page = (await render("/"))!;
    installMatchMedia({ dark: false });
    const scrolls = vi.spyOn(window, "scrollTo");
    const container = placePrerendered(page);
    const takenOver = await takeOver(container, "/");
    root = takenOver.root;

    await act(() => takenOver.router.navigate({ to: "/pricing" }));
    await vi.waitFor(() => expect(scrolls).toHaveBeenCalled());
    // Once, for the navigation: the takeover itself did not move the page (a click on its way would miss).
    expect(scrolls.mock.calls).toEqual([[{ top: 0, left: 0, behavior: undefined }]]);
    scrolls.mockRestore();
  });
});

describe("a visitor's first click on a prerendered page", () => {
  // The app starts on React's own schedule, as in a browser; act() would hold its render back.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let wasActEnvironment: boolean | undefined;
  beforeEach(() => {
    wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    root?.unmount();
    root = undefined;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });

  it("made before the app has started, is done once it has: a header link navigates in the app", async () => {
    const page = (await render("/"))!;
    installMatchMedia({ dark: false });
    const container = document.createElement("div");
    container.innerHTML = page.body;
    for (const script of container.querySelectorAll("script")) script.remove();
    document.body.append(container);

    const client = new LocalAuthClient();
    const router = createRouter({ ...routerOptions, routeTree, history: createMemoryHistory({ initialEntries: ["/"] }), context: { auth: client } });
    const start = async () => {
      prepareTakeOver(router, client);
      await router.load();
      await new Promise<void>((resolve) => {
        root = hydrateRoot(container, <AppTree identity={{ mode: "local", client }} router={router} overPrerendered onCommit={resolve} />);
      });
    };
    wakeOnInteraction(container, start);

    const pricing = [...container.querySelectorAll('nav[aria-label="Main"] a')].find((link) => link.textContent === "Pricing")!;
    pricing.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0, isPrimary: true, pointerType: "mouse" }));
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    pricing.dispatchEvent(click);
    // Held back (no page load), then done by the app: the router is at /pricing without a reload.
    expect(click.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/pricing"), { timeout: 10_000 });
  });
});
