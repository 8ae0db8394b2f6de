import { createContext, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { THEME } from "@/lib/constants";
import {
  announcement,
  applyResolvedTheme,
  DARK_QUERY,
  readPreference,
  resolveTheme,
  writePreference,
  type ResolvedTheme,
  type ThemePreference,
} from "./theme";

export interface ThemeContextValue {
  preference: ThemePreference;
  resolved: ResolvedTheme;
  setPreference: (preference: ThemePreference) => void;
}

export const ThemeContext = createContext<ThemeContextValue | null>(null);

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

/** This tab's own choices; other tabs' arrive through the storage event. */
const preferenceListeners = new Set<() => void>();
/** A choice storage refused (private mode): it still holds for this visit. */
let chosenHere: ThemePreference | undefined;

function subscribePreference(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME.storageKey && event.key !== null) return;
    chosenHere = undefined;
    onChange();
  };
  preferenceListeners.add(onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    preferenceListeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function subscribeSystem(onChange: () => void) {
  const media = typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : undefined;
  media?.addEventListener("change", onChange);
  return () => media?.removeEventListener("change", onChange);
}

const storedPreference = () => chosenHere ?? readPreference(window.localStorage);
// A prerendered page is rendered as a first visit sees it (src/prerender.tsx): the default choice
// on a light system. The app's first render over that markup uses the same, then the stored one.
const defaultPreference = (): ThemePreference => THEME.defaultPreference;
const lightSystem = () => false;

export function ThemeProvider({ children }: { children: ReactNode }) {
  const preference = useSyncExternalStore(subscribePreference, storedPreference, defaultPreference);
  const prefersDark = useSyncExternalStore(subscribeSystem, systemPrefersDark, lightSystem);
  const [message, setMessage] = useState("");
  const timers = useRef<number[]>([]);
  const resolved = resolveTheme(preference, prefersDark);

  // From the stored choice itself, not this render's: the first render over prerendered markup
  // shows the default, and the page must not flash it (index.html applied the stored one already).
  useEffect(() => {
    applyResolvedTheme(document.documentElement, resolveTheme(storedPreference(), systemPrefersDark()));
  }, [resolved]);

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);

  const setPreference = useCallback(
    (next: ThemePreference) => {
      const root = document.documentElement;
      root.classList.add("theme-transition");
      later(() => root.classList.remove("theme-transition"), THEME.transitionMs);
      chosenHere = writePreference(window.localStorage, next) ? undefined : next;
      for (const listener of preferenceListeners) listener();
      // Screen readers get a short polite message: after a brief delay so the menu closing
      // does not swallow it, and cleared so the same choice can be announced again.
      setMessage("");
      later(() => setMessage(announcement(next, resolveTheme(next, systemPrefersDark()))), THEME.announcementDelayMs);
      later(() => setMessage(""), THEME.announcementDelayMs + THEME.announcementTimeoutMs);
    },
    [later],
  );

  const value = useMemo(() => ({ preference, resolved, setPreference }), [preference, resolved, setPreference]);

  return (
    <ThemeContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" className="sr-only" data-testid="theme-announcement">
        {message}
      </div>
    </ThemeContext.Provider>
  );
}
