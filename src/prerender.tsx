/**
 * Renders a public page to HTML at build time (scripts/prerender.mjs). The visitor sees the page
 * as soon as the HTML arrives; the app then starts as usual and takes over the same markup.
 * Rendered as the app first renders: identity still loading, theme following the system.
 */
import { INDEXED_PATHS } from "@convex/model/site";
import { createMemoryHistory, createRouter, RouterProvider } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { AuthStatusStore, type AuthSession } from "@/features/auth/auth-session";
import { WithoutConvex } from "@/features/auth/convex-on-demand";
import { AuthSessionProvider } from "@/features/auth/use-auth";
import { ViewerProvider } from "@/features/auth/viewer";
import { CartProvider } from "@/features/cart/cart-provider";
import { ThemeContext } from "@/features/theme/theme-provider";
import { routeTree } from "./routeTree.gen";
import { routerOptions } from "./router";

const store = new AuthStatusStore("loading");
const session: AuthSession = {
  getStatus: store.getStatus,
  subscribe: store.subscribe,
  signOut: () => Promise.resolve(),
  signInWithTicket: () => Promise.resolve(),
};
const theme = {
  preference: "system",
  resolved: "light",
  setPreference: () => {},
} as const;

/** The cart as a first visit sees it: empty. The browser's saved cart replaces it when the app starts. */
const noSavedCart = { getItem: () => null, setItem: () => {} };

/** The public pages worth prerendering; pages that read live data are skipped by render(). */
export const PRERENDER_PATHS: readonly string[] = INDEXED_PATHS;

/**
 * The page at `path` as HTML: `head` holds its title, meta and link tags, `body` the markup of
 * #root. Null for pages that read live data (their content is not known at build time) and for
 * anything that did not render cleanly.
 */
export async function render(path: string): Promise<{ head: string; body: string } | null> {
  const router = createRouter({
    ...routerOptions,
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { auth: session },
  });
  await router.load();
  const { matches } = router.state;
  if (matches.some((match) => match.status !== "success" || match.staticData.convex)) return null;
  const html = renderToString(
    <ThemeContext.Provider value={theme}>
      <CartProvider storage={noSavedCart}>
        <AuthSessionProvider session={session}>
          <ViewerProvider value={{ status: "loading" }}>
            <WithoutConvex>
              <RouterProvider router={router} context={{ auth: session }} />
            </WithoutConvex>
          </ViewerProvider>
        </AuthSessionProvider>
      </CartProvider>
    </ThemeContext.Provider>,
  );
  // React hoists the page's <title>, <meta> and <link> elements to the front of the output.
  const head = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/.exec(html)![0];
  return { head, body: html.slice(head.length) };
}
