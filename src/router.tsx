import { createRouter, RouterProvider, type AnyRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { RouteErrorPage } from "@/components/layout/route-error-page";
import type { AuthSession } from "@/features/auth/auth-session";
import { useAuthSession } from "@/features/auth/use-auth";
import { routeTree } from "./routeTree.gen";

/**
 * Shared router options. A failing or missing page renders inside the shell (header, footer,
 * head tags) rather than replacing it, so the visitor keeps their bearings.
 */
export const routerOptions = {
  defaultPreload: "intent",
  defaultErrorComponent: RouteErrorPage,
  defaultNotFoundComponent: NotFoundPage,
  scrollRestoration: true,
} as const;

/**
 * Readies the router to take a prerendered page over (src/main.tsx). It renders the tree it
 * rendered at build time (no Suspense boundary of its own at the top), as after server rendering;
 * the page needs none of server rendering's dehydrated data. Its first render leaves the page
 * scrolled where the visitor put it, where the router would put it back at the top: scrolling is
 * what started the app, and a click may be on its way to what they see. Later navigations restore
 * and reset the scroll as usual.
 */
export function prepareTakeOver(router: AnyRouter, auth: AuthSession): void {
  let takenOver = false;
  const scrollRestoration = () => {
    const restore = takenOver;
    takenOver = true;
    return restore;
  };
  router.update({ ...router.options, context: { auth }, scrollRestoration });
  router.ssr = { manifest: undefined };
}

export function createAppRouter() {
  // The real session arrives through AppRouterProvider; routes load only after it mounts.
  return createRouter({ ...routerOptions, routeTree, context: { auth: undefined! } });
}

/** The router with the sign-in state as context; guards run again whenever that state changes. */
export function AppRouterProvider({ router }: { router: AnyRouter }) {
  const auth = useAuthSession();
  useEffect(() => auth.subscribe(() => void router.invalidate()), [auth, router]);
  return <RouterProvider router={router} context={{ auth }} />;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page reads live data: Convex is loaded before it renders (see ConvexOnDemand). */
    convex?: boolean;
    /**
     * Its data is public and changes only when something is published (the blog's list): the
     * build prerenders it with the deployment's data of that moment, and the app reads it again
     * once it starts (src/prerender.tsx).
     */
    prerenderData?: boolean;
  }
}
