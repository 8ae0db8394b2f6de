import { createMemoryHistory, createRouter, RouterProvider, type AnyRoute } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import { ViewerProvider, type Viewer } from "@/features/auth/viewer";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { routeTree } from "@/routeTree.gen";
import { routerOptions } from "@/router";

/** Renders the app's providers and a router (the real route tree unless one is given) at a path. */
export function renderApp(path: string, options: { viewer?: Viewer; tree?: AnyRoute } = {}) {
  const router = createRouter({
    ...routerOptions,
    routeTree: options.tree ?? routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <ThemeProvider>
      <ViewerProvider value={options.viewer ?? { status: "signed-out" }}>
        <RouterProvider router={router} />
      </ViewerProvider>
    </ThemeProvider>,
  );
  return { router, ...view };
}
