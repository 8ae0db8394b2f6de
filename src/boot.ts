/**
 * The page's first script. A prerendered public page is complete as HTML: for a visitor it is
 * counted at once, and the app (src/main.tsx) starts on the first interaction, which it then
 * replays (src/lib/wake.ts). Everywhere else, and for a browser the page must show as signed in
 * or with a saved cart or theme, the app starts at once.
 */
import { CLERK_PUBLISHABLE_KEY } from "@/features/auth/identity-mode";
import { applyResolvedTheme, DARK_QUERY } from "@/features/theme/theme";
import { countPageBeforeStart } from "@/lib/analytics";
import { startsAtOnce, wakeOnInteraction } from "@/lib/wake";
import "./styles.css";

const start = () => import("./main").then((app) => app.started);
const root = document.getElementById("root");

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

if (!root || CLERK_PUBLISHABLE_KEY || startsAtOnce(root, window.location.pathname, { cookies: document.cookie, storage: storage() })) {
  void start();
} else {
  // Until the app runs, the page follows the system's colour scheme itself: its theme is Auto (a chosen one starts the app).
  const scheme = typeof window.matchMedia === "function" ? window.matchMedia(DARK_QUERY) : undefined;
  const follow = (event: MediaQueryListEvent) => applyResolvedTheme(document.documentElement, event.matches ? "dark" : "light");
  scheme?.addEventListener("change", follow);
  wakeOnInteraction(root, () => {
    scheme?.removeEventListener("change", follow);
    return start();
  });
  const route = root.dataset.prerenderedRoute;
  if (route) {
    const count = () => countPageBeforeStart(route, performance.now());
    if (document.readyState === "complete") count();
    else window.addEventListener("load", count, { once: true });
  }
}
