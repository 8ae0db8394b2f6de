import { THEME } from "../../lib/constants.ts";

export const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = "light" | "dark";

/** Labels of the theme choices (SPEC §2: Light, Dark, Auto). */
export const THEME_LABELS: Record<ThemePreference, string> = {
  light: "Light",
  dark: "Dark",
  system: "Auto",
};

export const DARK_QUERY = "(prefers-color-scheme: dark)";

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** Reads the stored preference; anything missing, unknown or unreadable means the default. */
export function readPreference(storage: Pick<Storage, "getItem"> | undefined): ThemePreference {
  try {
    const stored = storage?.getItem(THEME.storageKey);
    return isThemePreference(stored) ? stored : THEME.defaultPreference;
  } catch {
    return THEME.defaultPreference;
  }
}

/** Stores the preference, and says whether it was; a storage failure (private mode, quota) only loses persistence. */
export function writePreference(storage: Pick<Storage, "setItem"> | undefined, preference: ThemePreference): boolean {
  try {
    storage?.setItem(THEME.storageKey, preference);
    return storage !== undefined;
  } catch {
    // The choice still applies for this visit.
    return false;
  }
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}

export function applyResolvedTheme(root: HTMLElement, resolved: ResolvedTheme) {
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
}

export function announcement(preference: ThemePreference, resolved: ResolvedTheme): string {
  return preference === "system"
    ? `Theme set to Auto, following your system (${THEME_LABELS[resolved].toLowerCase()})`
    : `Theme set to ${THEME_LABELS[preference]}`;
}

/**
 * Inline script for index.html that applies the stored theme before first paint, so a
 * dark-mode visitor never sees a white flash. Built from the same constants as the provider.
 */
export function themeBootScript(): string {
  const prefs = JSON.stringify(THEME_PREFERENCES);
  return `(function(){try{var p=localStorage.getItem(${JSON.stringify(THEME.storageKey)});if(${prefs}.indexOf(p)<0)p=${JSON.stringify(THEME.defaultPreference)};var d=p==="dark"||(p==="system"&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches);var r=document.documentElement;r.classList.toggle("dark",d);r.style.colorScheme=d?"dark":"light";}catch(e){}})();`;
}
