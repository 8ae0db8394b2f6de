import { lazy } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { CLERK_PUBLISHABLE_KEY } from "@/features/auth/identity-mode";
import { LocalAuthClient } from "@/features/auth/local-auth-client";
import { hasSessionHint } from "@/features/auth/session-hint";
import type { ConvexSession } from "@/features/auth/convex-on-demand";
import { startAnalytics } from "@/lib/analytics";
import { SNAPSHOT_ELEMENT_ID } from "@/lib/convex-snapshot";
import { startErrorReporting, warmErrorReporting } from "@/lib/error-reporting";
import { interceptInAppLinks } from "@/lib/in-app-links";
import { AppTree, type Identity } from "./app-tree";
import { createAppRouter, prepareTakeOver } from "./router";

const router = createAppRouter();
interceptInAppLinks(router.history);
// Subscribed before the first render, so the first page's resolve (its hydration) is seen too.
startAnalytics(router);

// Chosen at build time. Clerk is a chunk of its own, fetched only by builds that set its key.
const identity: Identity = CLERK_PUBLISHABLE_KEY
  ? { mode: "clerk", key: CLERK_PUBLISHABLE_KEY, Provider: lazy(() => import("@/features/auth/clerk-auth-provider")) }
  : { mode: "local", client: new LocalAuthClient() };

// Listens for failures now. The reporting SDK is fetched once the page has settled for members,
// and for a visitor only when there is a failure to send.
startErrorReporting(router, { eager: identity.mode === "clerk" || hasSessionHint() });

if (identity.mode === "local") {
  const { client } = identity;
  client.subscribe(() => {
    if (client.getStatus() === "signed-in") warmErrorReporting();
  });
  // Ask for the session before React renders, so guards wait as little as possible.
  client.start();
}

// A prerendered page's head tags (scripts/lib/prerender-plugin.ts) give way to the router's, which follow navigation.
for (const tag of document.head.querySelectorAll("[data-prerendered]")) tag.remove();

const container = document.getElementById("root")!;
let committed: () => void = () => {};
/** Resolves once the app's first render is on screen (src/boot.ts then replays what the visitor did meanwhile). */
export const started = new Promise<void>((resolve) => (committed = resolve));
const tree = (overPrerendered: boolean, session?: ConvexSession) => (
  <AppTree identity={identity} router={router} overPrerendered={overPrerendered} session={session} onCommit={committed} />
);

// A prerendered page (a public one) is taken over as it is: its route's code is loaded first, so the
// first render matches the markup and the visitor's page is neither replaced nor repainted. The
// first render is the prerender's (identity loading, default theme, empty cart); the stored ones
// follow at once. With Clerk, whose provider renders nothing until it has loaded, and on the
// not-found page (rendered for no path in particular), the app renders anew.
const pagePath = window.location.pathname.replace(/\/$/, "") || "/";
if (identity.mode === "local" && container.dataset.prerenderedPath === pagePath) {
  prepareTakeOver(router, identity.client);
  // A page prerendered with its data (the blog's list) shows it from the first render: Convex comes first too.
  const session = document.getElementById(SNAPSHOT_ELEMENT_ID) ? import("@/features/auth/local-convex-session") : undefined;
  void Promise.all([router.load(), session]).then(
    ([, loaded]) => hydrateRoot(container, tree(true, loaded?.default)),
    // A route's code that failed to arrive: the app renders as on any other page, and shows the failure.
    () => {
      router.ssr = undefined;
      createRoot(container).render(tree(false));
    },
  );
} else {
  createRoot(container).render(tree(false));
}
