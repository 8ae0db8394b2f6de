// Relative imports: vite.config.ts and the build's scripts import this file before any alias exists.
import { sessionHintBootScript } from "../features/auth/session-hint.ts";
import { themeBootScript } from "../features/theme/theme.ts";

/** The one inline script in every page's head, run before first paint: the stored theme, and the sign-in hint's mark. */
export function prePaintScript(): string {
  return themeBootScript() + sessionHintBootScript();
}
