import { createRootRouteWithContext } from "@tanstack/react-router";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { RootLayout } from "@/components/layout/root-layout";
import { RouteErrorPage } from "@/components/layout/route-error-page";
import { rootHead } from "@/lib/seo";
import type { RouterContext } from "@/router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
  head: rootHead,
  component: RootLayout,
  errorComponent: RouteErrorPage,
  notFoundComponent: NotFoundPage,
});
