/**
 * Renders a public page to HTML at build time (scripts/prerender.mjs). The visitor sees the page
 * as soon as the HTML arrives; the app then starts as usual and takes over the same markup.
 * Rendered as the app first renders: identity still loading, theme following the system.
 */
import { INDEXED_PATHS } from "@convex/model/site";
import { createMemoryHistory, createRouter, isNotFound, RouterProvider, type AnyRoute } from "@tanstack/react-router";
import { renderToString } from "react-dom/server";
import { AuthStatusStore, type AuthSession } from "@/features/auth/auth-session";
import { WithoutConvex } from "@/features/auth/convex-on-demand";
import { AuthSessionProvider } from "@/features/auth/use-auth";
import { ViewerProvider } from "@/features/auth/viewer";
import { CartProvider, noSavedCart } from "@/features/cart/cart-provider";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { routePattern } from "@/lib/analytics-monitor";
import { routeTree } from "./routeTree.gen";
import { routerOptions } from "./router";

const store = new AuthStatusStore("loading");
const session: AuthSession = {
  getStatus: store.getStatus,
  subscribe: store.subscribe,
  signOut: () => Promise.resolve(),
  signInWithTicket: () => Promise.resolve(),
};

export interface RenderedPage {
  head: string;
  body: string;
  route: string | null;
}

/** The public pages worth prerendering; pages that read live data are skipped by render(). */
export const PRERENDER_PATHS: readonly string[] = INDEXED_PATHS;

/** The placeholder a route's parameters take when probing whether the route knows its pages at build time. */
const PROBE = "lwcc-no-such-page";

function routerAt(path: string) {
  return createRouter({
    ...routerOptions,
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { auth: session },
    // A server render whatever the environment (a test's has a document): what the browser then takes over.
    isServer: true,
  });
}

function readsConvex(route: AnyRoute): boolean {
  for (let at: AnyRoute | undefined = route; at; at = at.parentRoute as AnyRoute | undefined) {
    if (at.options.staticData?.convex) return true;
  }
  return false;
}

/**
 * The path patterns the server answers with the app shell (status 200), as regular expressions.
 * A route with parameters whose pages are all known at build time (a service, a blog post: its
 * loader throws notFound for anything else) is left out: its pages are prerendered, so any other
 * path under it is a 404 from the server. Anything matching no pattern is a 404 too.
 */
export async function appShellPatterns(): Promise<string[]> {
  const router = routerAt("/");
  const patterns: string[] = [];
  for (const [fullPath, route] of Object.entries(router.routesByPath) as [string, AnyRoute][]) {
    const trimmed = fullPath.replace(/\/$/, "") || "/";
    const segments = trimmed.split("/").slice(1);
    // Only a route of static content is probed: one that reads Convex, or waits for the sign-in
    // state (a splat under /login), cannot know its pages at build time.
    const probed = segments.some((segment) => segment.startsWith("$") && segment !== "$") && !readsConvex(route);
    if (probed) {
      const probe = routerAt(`/${segments.map((segment) => (segment.startsWith("$") ? PROBE : segment)).join("/")}`);
      await probe.load();
      if (probe.state.matches.some((match) => match.status === "notFound" || isNotFound(match.error))) continue;
    }
    // A splat also matches nothing at all: `/login/$` answers `/login`.
    const source = segments
      .map((segment) => (segment === "$" ? "(?:/.*)?" : `/${segment.startsWith("$") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`))
      .join("");
    patterns.push(`^${source || "/"}/?$`);
  }
  return [...new Set(patterns)];
}

/** The not-found page as HTML, for the server to answer unknown paths with (status 404). */
export async function renderNotFound(): Promise<RenderedPage> {
  return (await render(`/${PROBE}`, { notFound: true }))!;
}

/**
 * The page at `path` as HTML: `head` holds its title, meta and link tags, `body` the markup of
 * #root, `route` its route's pattern (what analytics counts it as; null for the not-found page).
 * Null for pages that read live data (their content is not known at build time) and for anything
 * that did not render cleanly.
 */
export async function render(path: string, { notFound = false } = {}): Promise<RenderedPage | null> {
  const router = routerAt(path);
  await router.load();
  const { matches } = router.state;
  if (!notFound && matches.some((match) => match.status !== "success" || match.staticData.convex)) return null;
  const html = renderToString(
    <ThemeProvider>
      <CartProvider storage={noSavedCart}>
        <AuthSessionProvider session={session}>
          <ViewerProvider value={{ status: "loading" }}>
            <WithoutConvex>
              <RouterProvider router={router} context={{ auth: session }} />
            </WithoutConvex>
          </ViewerProvider>
        </AuthSessionProvider>
      </CartProvider>
    </ThemeProvider>,
  );
  // React hoists the page's <title>, <meta> and <link> elements to the front of the output.
  const head = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/.exec(html)![0];
  return { head, body: html.slice(head.length), route: routePattern(matches) };
}
