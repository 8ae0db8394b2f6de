import { createRootRoute, createRoute, Outlet, type AnyRoute } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Viewer } from "@/features/auth/viewer";
import { renderApp } from "@/test/render-app";

/**
 * Test helper: renders one page inside the app's providers and a router whose only page is
 * this element (at `path`, "/" by default), so components with links render without the real route tree.
 */
export function renderPage(element: ReactNode, options: { path?: string; url?: string; viewer?: Viewer } = {}) {
  const path = options.path ?? "/";
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path, component: () => element });
  const tree = root.addChildren([page]) as unknown as AnyRoute;
  return renderApp(options.url ?? path, { tree, ...(options.viewer ? { viewer: options.viewer } : {}) });
}
