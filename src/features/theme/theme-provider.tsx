import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
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

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(() => readPreference(window.localStorage));
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);
  const [message, setMessage] = useState("");
  const timers = useRef<number[]>([]);
  const resolved = resolveTheme(preference, prefersDark);

  useEffect(() => {
    applyResolvedTheme(document.documentElement, resolved);
  }, [resolved]);

  // Follow the OS while on Auto, and other tabs' choices.
  useEffect(() => {
    const media = typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : undefined;
    const onMedia = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME.storageKey) setPreferenceState(readPreference(window.localStorage));
    };
    media?.addEventListener("change", onMedia);
    window.addEventListener("storage", onStorage);
    return () => {
      media?.removeEventListener("change", onMedia);
      window.removeEventListener("storage", onStorage);
    };
  }, []);

  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);

  const setPreference = useCallback(
    (next: ThemePreference) => {
      const root = document.documentElement;
      root.classList.add("theme-transition");
      later(() => root.classList.remove("theme-transition"), THEME.transitionMs);
      writePreference(window.localStorage, next);
      setPreferenceState(next);
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
