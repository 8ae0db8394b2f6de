import { createRouter } from "@tanstack/react-router";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { RouteErrorPage } from "@/components/layout/route-error-page";
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

export function createAppRouter() {
  return createRouter({ ...routerOptions, routeTree });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
