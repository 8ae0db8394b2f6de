/**
 * Renders a public page to HTML at build time (scripts/lib/prerender-plugin.ts). The visitor sees
 * the page as soon as the HTML arrives; the app then starts as usual and takes over the same markup.
 * Rendered as the app first renders: identity still loading, theme following the system.
 */
import { INDEXED_PATHS } from "@convex/model/site";
import { createMemoryHistory, createRouter, isNotFound, RouterProvider, type AnyRoute, type AnyRouter } from "@tanstack/react-router";
import { ConvexHttpClient } from "convex/browser";
import { getFunctionName, makeFunctionReference, type FunctionReference } from "convex/server";
import type { Value } from "convex/values";
import { renderToString } from "react-dom/server";
import { AuthStatusStore, type AuthSession } from "@/features/auth/auth-session";
import { ConvexOnDemand, type ConvexSession } from "@/features/auth/convex-on-demand";
import { ConvexSessionProvider } from "@/features/auth/convex-session-provider";
import { PublicConvexClient } from "@/features/auth/public-convex-client";
import { AuthSessionProvider } from "@/features/auth/use-auth";
import { CartProvider, noSavedCart } from "@/features/cart/cart-provider";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { routePattern } from "@/lib/analytics-monitor";
import { queryKey, snapshotEntry, snapshotScript, type ConvexSnapshot } from "@/lib/convex-snapshot";
import { routeTree } from "./routeTree.gen";
import { routerOptions } from "./router";

const store = new AuthStatusStore("loading");
const loadingIdentity: AuthSession = {
  getStatus: store.getStatus,
  subscribe: store.subscribe,
  signOut: () => Promise.resolve(),
  signInWithTicket: () => Promise.resolve(),
};

export interface RenderedPage {
  head: string;
  body: string;
  route: string | null;
  /** The data block of the query results the page was rendered with (src/lib/convex-snapshot.ts), if any. */
  data?: string;
}

/** Reads a public query at build time, as a visitor. */
export type QueryReader = (name: string, args: Record<string, Value>) => Promise<Value>;

/** Reads from the deployment at `url`; a read that takes over `timeoutMs` fails the page, not the build. */
export function deploymentReader(url: string, timeoutMs = 15_000): QueryReader {
  const http = new ConvexHttpClient(url, {
    logger: false,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
  return (name, args) => http.query(makeFunctionReference<"query">(name), args);
}

/** Rendering passes for a page with data: each can reveal queries that wait on an earlier one's result. */
const MAX_DATA_PASSES = 4;

/** A visitor's client that notes every query the page watches as it renders. */
class NotingClient extends PublicConvexClient {
  readonly watched = new Map<string, { name: string; args: Record<string, Value> }>();

  override watchQuery: PublicConvexClient["watchQuery"] = (query, ...argsAndOptions) => {
    const name = getFunctionName(query as FunctionReference<"query">);
    const args = (argsAndOptions[0] ?? {}) as Record<string, Value>;
    this.watched.set(queryKey(name, args), { name, args });
    return super.watchQuery(query, ...argsAndOptions);
  };
}

// The visitor's identity is still loading in the first render, as in the browser.
const loadingAuth = () => ({ isLoading: true, isAuthenticated: false, fetchAccessToken: () => Promise.resolve(null) });

/** The public pages worth prerendering; pages that read live data are skipped by render(). */
export const PRERENDER_PATHS: readonly string[] = INDEXED_PATHS;

/** The placeholder a route's parameters take when probing whether the route knows its pages at build time. */
const PROBE = "lwcc-no-such-page";

function routerAt(path: string) {
  return createRouter({
    ...routerOptions,
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { auth: loadingIdentity },
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

function renderTree(router: AnyRouter, session?: ConvexSession): string {
  return renderToString(
    <ThemeProvider>
      <CartProvider storage={noSavedCart}>
        <AuthSessionProvider session={loadingIdentity}>
          <ConvexOnDemand session={session}>
            <RouterProvider router={router} context={{ auth: loadingIdentity }} />
          </ConvexOnDemand>
        </AuthSessionProvider>
      </CartProvider>
    </ThemeProvider>,
  );
}

/**
 * A page whose data is prerendered: rendered until every query it watches has its result, read
 * from the deployment. Null when a read fails (the page is then served as the app shell).
 */
async function renderWithData(router: AnyRouter, readQuery: QueryReader): Promise<{ html: string; data: string } | null> {
  const results: ConvexSnapshot = {};
  for (let pass = 0; pass < MAX_DATA_PASSES; pass++) {
    const client = new NotingClient("http://prerender.invalid", { snapshot: results });
    const session: ConvexSession = ({ children }) => (
      <ConvexSessionProvider client={client} useAuth={loadingAuth}>
        {children}
      </ConvexSessionProvider>
    );
    const html = renderTree(router, session);
    const missing = [...client.watched].filter(([key]) => !(key in results));
    if (missing.length === 0) {
      const used = Object.fromEntries([...client.watched.keys()].map((key) => [key, results[key]!]));
      return { html, data: snapshotScript(used) };
    }
    try {
      for (const [key, { name, args }] of missing) results[key] = snapshotEntry(name, args, await readQuery(name, args));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The page at `path` as HTML: `head` holds its title, meta and link tags, `body` the markup of
 * #root, `route` its route's pattern (what analytics counts it as; null for the not-found page).
 * Null for pages that read live data (their content is not known at build time) and for anything
 * that did not render cleanly. A page marked `prerenderData` is rendered with its data when
 * `readQuery` can read it, and carries that data for the app to start from (`data`).
 */
export async function render(path: string, { notFound = false, readQuery }: { notFound?: boolean; readQuery?: QueryReader } = {}): Promise<RenderedPage | null> {
  const router = routerAt(path);
  await router.load();
  const { matches } = router.state;
  if (!notFound && matches.some((match) => match.status !== "success")) return null;
  const readsData = !notFound && matches.some((match) => match.staticData.convex);
  let html: string;
  let data: string | undefined;
  if (readsData) {
    if (!readQuery || !matches.some((match) => match.staticData.prerenderData)) return null;
    const rendered = await renderWithData(router, readQuery);
    if (!rendered) return null;
    ({ html, data } = rendered);
  } else {
    html = renderTree(router);
  }
  // React hoists the page's <title>, <meta> and <link> elements to the front of the output.
  const head = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/.exec(html)![0];
  return { head, body: html.slice(head.length), route: routePattern(matches), data };
}
