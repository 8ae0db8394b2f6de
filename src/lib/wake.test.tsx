import { SESSION_HINT_COOKIE } from "@convex/model/sessionHint";
import { useEffect, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { CART, THEME } from "@/lib/constants";
import { startsAtOnce, wakeOnInteraction, WAKING_CLASS } from "./wake";

/** A page with what visitors touch: a button, a menu that opens on the press, a field, the palette shortcut. */
function Page({ onCommit }: { onCommit?: () => void }) {
  const [clicks, setClicks] = useState(0);
  const [menu, setMenu] = useState(false);
  const [email, setEmail] = useState("");
  const [palette, setPalette] = useState(0);
  const [quarterly, setQuarterly] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.key === "k") setPalette((count) => count + 1);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  useEffect(() => onCommit?.(), [onCommit]);
  return (
    <main>
      <button type="button" onClick={() => setClicks((count) => count + 1)}>
        <span>Add to cart</span>
      </button>
      <button type="button" onPointerDown={() => setMenu(true)}>
        Theme
      </button>
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <input type="checkbox" aria-label="Quarterly" checked={quarterly} onChange={(event) => setQuarterly(event.target.checked)} />
      <a href="/pricing" onClick={(event) => event.preventDefault()}>
        Pricing
      </a>
      <output data-testid="state">{`clicks=${clicks} menu=${menu} email=${email} palette=${palette} quarterly=${quarterly}`}</output>
    </main>
  );
}

let root: Root | undefined;
let container: HTMLDivElement;

// The app starts as in a browser, on React's own schedule: the page waits for it to be on screen,
// which act() would hold back until its callback ended.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => (actEnvironment.IS_REACT_ACT_ENVIRONMENT = false));
afterAll(() => (actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment));

beforeEach(() => {
  container = document.createElement("div");
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
});
afterEach(() => {
  root?.unmount();
  root = undefined;
  container.remove();
  document.documentElement.classList.remove(WAKING_CLASS);
});

/** The app's start as the page sees it: called on the first interaction, resolved when the app is on screen; `arrive` lets its code arrive. */
function appStart() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const start = vi.fn(async () => {
    await arrived;
    let committed!: () => void;
    const onScreen = new Promise<void>((resolve) => (committed = resolve));
    root = hydrateRoot(container, <Page onCommit={committed} />);
    await onScreen;
  });
  return { start, arrive };
}

const state = () => container.querySelector("output")!.textContent;
const button = (name: string) => [...container.querySelectorAll("button")].find((element) => element.textContent === name)!;

function press(target: Element) {
  target.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, button: 0, isPrimary: true, pointerType: "mouse" }));
  target.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, button: 0, isPrimary: true, pointerType: "mouse" }));
  return target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
}

describe("wakeOnInteraction", () => {
  it("starts nothing until the visitor interacts", async () => {
    const { start } = appStart();
    wakeOnInteraction(container, start);
    await Promise.resolve();
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("scroll"));
    expect(start).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event("wheel"));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("replays what the visitor did before the app was ready: a click once, a press-driven menu, typed text, a checkbox, the palette shortcut", async () => {
    const { start, arrive } = appStart();
    wakeOnInteraction(container, start);

    const add = container.querySelector("span")!;
    // The browser does nothing with the click meanwhile, and the pointer says the page is busy.
    expect(press(add)).toBe(false);
    expect(start).toHaveBeenCalledTimes(1);
    expect(document.documentElement).toHaveClass(WAKING_CLASS);
    // An impatient second click on the same button is not a second "Add to cart".
    press(add);
    press(button("Theme"));
    const email = container.querySelector("input")!;
    email.value = "maya@example.com";
    email.dispatchEvent(new Event("input", { bubbles: true }));
    const shortcut = new KeyboardEvent("keydown", { key: "k", ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(shortcut);
    expect(shortcut.defaultPrevented).toBe(true);
    // A checkbox changes at once, as the visitor expects.
    const quarterly = container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    quarterly.click();
    expect(quarterly.checked).toBe(true);
    expect(state()).toBe("clicks=0 menu=false email= palette=0 quarterly=false");

    arrive();
    await start.mock.results[0]!.value;

    await vi.waitFor(() => expect(state()).toBe("clicks=1 menu=true email=maya@example.com palette=1 quarterly=true"));
    expect(email.value).toBe("maya@example.com");
    expect(quarterly.checked).toBe(true);
    expect(document.documentElement).not.toHaveClass(WAKING_CLASS);
    // Once the app runs, events are its own: nothing is held back any more.
    press(button("Add to cart"));
    await vi.waitFor(() => expect(state()).toBe("clicks=2 menu=true email=maya@example.com palette=1 quarterly=true"));
  });

  it("leaves modified clicks (a new tab) to the browser", () => {
    const { start } = appStart();
    wakeOnInteraction(container, start);
    const link = container.querySelector("a")!;
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it("stops holding clicks back when the app's code does not arrive", async () => {
    const start = vi.fn(() => Promise.reject(new Error("chunk failed")));
    wakeOnInteraction(container, start);
    window.dispatchEvent(new Event("scroll"));
    await vi.waitFor(() => expect(start).toHaveBeenCalled());
    await Promise.resolve();
    expect(press(button("Theme"))).toBe(true);
  });
});

describe("startsAtOnce", () => {
  const none = { cookies: "", storage: { getItem: () => null } };
  const stored = (key: string, value: string) => ({ cookies: "", storage: { getItem: (name: string) => (name === key ? value : null) } });

  it("waits on the prerendered page of this very path, for a visitor with nothing saved", () => {
    container.dataset.prerenderedPath = "/pricing";
    expect(startsAtOnce(container, "/pricing", none)).toBe(false);
    expect(startsAtOnce(container, "/pricing/", none)).toBe(false);
  });

  it("starts at once anywhere else: the app shell, the not-found page, another path", () => {
    expect(startsAtOnce(container, "/pricing", none)).toBe(true);
    expect(startsAtOnce(null, "/", none)).toBe(true);
    container.dataset.prerenderedPath = "/pricing";
    expect(startsAtOnce(container, "/dashboard", none)).toBe(true);
  });

  it("starts at once for a browser whose state the page shows: the sign-in hint, a saved cart, a chosen theme", () => {
    container.dataset.prerenderedPath = "/";
    expect(startsAtOnce(container, "/", { ...none, cookies: `a=b; ${SESSION_HINT_COOKIE}=1` })).toBe(true);
    expect(startsAtOnce(container, "/", stored(CART.storageKey, JSON.stringify({ items: [{ quantity: 1 }] })))).toBe(true);
    expect(startsAtOnce(container, "/", stored(CART.storageKey, JSON.stringify({ items: [] })))).toBe(false);
    expect(startsAtOnce(container, "/", stored(CART.storageKey, "not json"))).toBe(false);
    expect(startsAtOnce(container, "/", stored(THEME.storageKey, "dark"))).toBe(true);
    expect(startsAtOnce(container, "/", stored(THEME.storageKey, THEME.defaultPreference))).toBe(false);
    expect(startsAtOnce(container, "/", { cookies: "", storage: undefined })).toBe(false);
  });
});
