import { createMemoryHistory, createRouter, type AnyRoute } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { AuthSession } from "@/features/auth/auth-session";
import type { LocalAuthClient } from "@/features/auth/local-auth-client";
import { LocalAuthProvider } from "@/features/auth/local-auth-provider";
import { AuthSessionProvider } from "@/features/auth/use-auth";
import { ViewerProvider, type Viewer } from "@/features/auth/viewer";
import { CartProvider } from "@/features/cart/cart-provider";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { routeTree } from "@/routeTree.gen";
import { AppRouterProvider, routerOptions } from "@/router";
import { testAuthSession } from "./auth";

interface RenderAppOptions {
  /** Who the header and pages see; signed out by default. */
  viewer?: Viewer;
  /** The sign-in state guards read; by default it follows the viewer. */
  auth?: AuthSession;
  /** A real local client instead, for the sign-in and sign-up forms. */
  localAuth?: LocalAuthClient;
  tree?: AnyRoute;
}

/** Renders the app's providers and a router (the real route tree unless one is given) at a path. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const viewer = options.viewer ?? { status: "signed-out" };
  const auth = options.localAuth ?? options.auth ?? testAuthSession(viewer.status).session;
  const router = createRouter({
    ...routerOptions,
    routeTree: options.tree ?? routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { auth },
  });
  const identity = (children: ReactNode) =>
    options.localAuth ? (
      <LocalAuthProvider client={options.localAuth}>{children}</LocalAuthProvider>
    ) : (
      <AuthSessionProvider session={auth}>{children}</AuthSessionProvider>
    );
  const view = render(
    <ThemeProvider>
      <CartProvider>
        {identity(
          <ViewerProvider value={viewer}>
            <AppRouterProvider router={router} />
          </ViewerProvider>,
        )}
      </CartProvider>
    </ThemeProvider>,
  );
  return { router, ...view };
}
