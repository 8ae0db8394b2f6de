/**
 * A prerendered public page is complete as HTML, and most of a first visit's JavaScript is the app
 * itself. So a visitor's page starts the app on their first interaction rather than on load, and
 * what they do before it is ready is done again once it is: presses and clicks (links, buttons,
 * menus), the palette shortcut, and text typed into fields. This module is in the page's first
 * script: it imports no React and nothing large.
 */
import { isPaletteShortcut } from "@/components/layout/command-palette/shortcut";
import { hasSessionHint } from "@/features/auth/session-hint";
import { readPreference } from "@/features/theme/theme";
import { CART, THEME } from "@/lib/constants";

/** Interactions that start the app. Mouse movement counts (someone is there, about to click); a touch moves nothing before it starts. */
const WAKE_EVENTS = ["pointerdown", "pointermove", "keydown", "focusin", "touchstart", "wheel", "scroll", "click"] as const;
/** On <html> while a click waits for the app: the pointer says it is on its way. */
export const WAKING_CLASS = "app-waking";

export interface BrowserState {
  cookies: string;
  storage: Pick<Storage, "getItem"> | undefined;
}

function savedState(storage: BrowserState["storage"]): boolean {
  try {
    const cart = storage?.getItem(CART.storageKey);
    const items = cart ? (JSON.parse(cart) as { items?: unknown }).items : undefined;
    return (Array.isArray(items) && items.length > 0) || readPreference(storage) !== THEME.defaultPreference;
  } catch {
    return false;
  }
}

/**
 * Whether the app starts at once: on any page that is not this path's prerendered page, and for a
 * browser whose state the page shows (a sign-in, a saved cart, a chosen theme), so a returning
 * member never sees the visitor's header.
 */
export function startsAtOnce(root: HTMLElement | null, pathname: string, state: BrowserState): boolean {
  const pagePath = pathname.replace(/\/$/, "") || "/";
  if (root?.dataset.prerenderedPath !== pagePath) return true;
  return hasSessionHint(state.cookies) || savedState(state.storage);
}

interface Replay {
  kind: "click" | "shortcut";
  target: Element;
  /** Where the target sits under the root, to find it again should the app have rendered anew. */
  path: number[];
  init: MouseEventInit | KeyboardEventInit;
  /** The press that began a click, for controls that act on the press (menus, tabs). */
  press?: PointerEventInit;
}

function pathOf(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let at = element; at !== root && at.parentElement; at = at.parentElement) {
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  }
  return path;
}

function find(root: Element, replay: Replay): Element | null {
  if (replay.target.isConnected) return replay.target;
  let at: Element | undefined = root;
  for (const index of replay.path) at = at?.children[index];
  return at ?? null;
}

function mouseInit(event: MouseEvent): MouseEventInit {
  const { button, buttons, clientX, clientY, screenX, screenY, detail, ctrlKey, metaKey, shiftKey, altKey } = event;
  return { button, buttons, clientX, clientY, screenX, screenY, detail, ctrlKey, metaKey, shiftKey, altKey };
}

function pointerInit(event: PointerEvent): PointerEventInit {
  return { ...mouseInit(event), pointerId: event.pointerId, pointerType: event.pointerType, isPrimary: event.isPrimary };
}

/**
 * Text typed before the app started is in the field but not in the app's state. Setting the
 * value through the element's own setter (which React watches) and back through the prototype's
 * makes the next input event a change, which the field's handler then takes in.
 */
function takeInTypedValue(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement) {
  const value = field.value;
  const prototype = Object.getPrototypeOf(field) as object;
  if (!Object.getOwnPropertyDescriptor(prototype, "value")?.set) return;
  field.value = value === "" ? " " : "";
  Reflect.set(prototype, "value", value, field);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/**
 * A checkbox or radio set before the app started (which its first render may have undone): its
 * own setter (which React watches) sets it the other way, then a click sets it as the visitor
 * left it, which its handler takes in as a change.
 */
function takeInToggle(field: HTMLInputElement, checked: boolean) {
  field.checked = !checked;
  field.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
}

function isToggle(element: Element): element is HTMLInputElement {
  return element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio");
}

function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "reset", "file", "image"].includes(element.type);
}

/**
 * Starts the app (`start`, resolved once it has rendered over the page) on the first interaction,
 * and replays what happened inside `root` meanwhile. Modified clicks (a new tab) and form
 * submission by Enter stay the browser's: the prerendered page's links and forms work without the app.
 */
export function wakeOnInteraction(root: HTMLElement, start: () => Promise<unknown>): void {
  const doc = root.ownerDocument;
  const win = doc.defaultView!;
  const html = doc.documentElement;
  const replays: Replay[] = [];
  const typedIn = new Set<Element>();
  /** Each checkbox or radio set meanwhile, with the state the visitor left it in. */
  const toggled = new Map<HTMLInputElement, boolean>();
  let press: { target: Element; init: PointerEventInit } | null = null;
  let waiting = true;

  const inside = (target: EventTarget | null): target is Element => target instanceof win.Element && root.contains(target);
  const passive = { capture: true, passive: true } as const;

  const onPointerDown = (event: PointerEvent) => {
    if (event.isPrimary && event.button === 0 && inside(event.target)) press = { target: event.target, init: pointerInit(event) };
  };
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || !inside(event.target)) return;
    // A checkbox or radio changes at once, as the visitor expects; the app takes the change in when it starts.
    if (isToggle(event.target)) {
      toggled.set(event.target, event.target.checked);
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    const target = event.target;
    // Clicks repeated while waiting are one click: a second "Add to cart" was impatience, not intent.
    if (!replays.some((replay) => replay.kind === "click" && replay.target === target)) {
      replays.push({ kind: "click", target, path: pathOf(root, target), init: mouseInit(event), press: press?.target === target ? press.init : undefined });
    }
    press = null;
    html.classList.add(WAKING_CLASS);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isPaletteShortcut(event)) return;
    // The browser's own Ctrl+K (its search box) would take the shortcut meant for the palette.
    event.preventDefault();
    const target = event.target instanceof win.Element ? event.target : doc.body;
    const { key, code, ctrlKey, metaKey, shiftKey, altKey } = event;
    replays.push({ kind: "shortcut", target, path: pathOf(root, target), init: { key, code, ctrlKey, metaKey, shiftKey, altKey } });
  };
  const onInput = (event: Event) => {
    if (inside(event.target) && isTextField(event.target)) typedIn.add(event.target);
  };
  const recorders = [
    ["pointerdown", onPointerDown],
    ["click", onClick],
    ["keydown", onKeyDown],
    ["input", onInput],
    ["change", onInput],
  ] as const;

  const replay = (item: Replay) => {
    const target = find(root, item) ?? (item.kind === "shortcut" ? doc.body : null);
    if (!target) return;
    const options = { bubbles: true, cancelable: true, composed: true };
    if (item.kind === "shortcut") {
      target.dispatchEvent(new KeyboardEvent("keydown", { ...options, ...item.init }));
      return;
    }
    if (item.press) {
      const Pointer = typeof win.PointerEvent === "function" ? win.PointerEvent : win.MouseEvent;
      const press = { ...options, ...item.press, buttons: 1 };
      target.dispatchEvent(new Pointer("pointerdown", press));
      target.dispatchEvent(new MouseEvent("mousedown", press));
      target.dispatchEvent(new Pointer("pointerup", { ...press, buttons: 0 }));
      target.dispatchEvent(new MouseEvent("mouseup", { ...press, buttons: 0 }));
    }
    target.dispatchEvent(new MouseEvent("click", { ...options, ...item.init }));
  };

  const finish = (started: boolean) => {
    for (const [type, listener] of recorders) win.removeEventListener(type, listener as EventListener, true);
    html.classList.remove(WAKING_CLASS);
    if (started) {
      for (const field of typedIn) if (field.isConnected && isTextField(field)) takeInTypedValue(field);
      for (const [field, checked] of toggled) if (field.isConnected) takeInToggle(field, checked);
      for (const item of replays) replay(item);
      return;
    }
    // No app (its code did not arrive): a link clicked meanwhile still goes where it points.
    const link = replays.find((item) => item.kind === "click" && item.target.closest("a[href]"))?.target.closest("a[href]");
    if (link instanceof win.HTMLAnchorElement) win.location.assign(link.href);
  };

  const wake = (event: Event) => {
    if (event.type === "pointermove" && (event as PointerEvent).pointerType !== "mouse") return;
    if (!waiting) return;
    waiting = false;
    for (const type of WAKE_EVENTS) win.removeEventListener(type, wake, passive);
    start().then(
      () => finish(true),
      () => finish(false),
    );
  };

  for (const [type, listener] of recorders) win.addEventListener(type, listener as EventListener, true);
  for (const type of WAKE_EVENTS) win.addEventListener(type, wake, passive);
}
