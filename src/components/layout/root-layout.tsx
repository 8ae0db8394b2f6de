import { HeadContent, Outlet, useMatches } from "@tanstack/react-router";
import { useEffect } from "react";
import { NeedsConvex } from "@/features/auth/convex-on-demand";
import { AccountNotice } from "./account-notice";
import { ComponentErrorBoundary } from "./error-boundary";
import { RouteProgress } from "./route-progress";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** While a data page waits for the Convex client: the shape of a page, calmly. */
function PageSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-10">
      <span className="sr-only">Loading</span>
      <div className="h-9 w-2/3 max-w-md animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
      <div className="h-4 w-full max-w-xl animate-pulse rounded bg-muted motion-reduce:animate-none" />
      <div className="h-4 w-5/6 max-w-lg animate-pulse rounded bg-muted motion-reduce:animate-none" />
    </div>
  );
}

export function RootLayout() {
  // Marks the page as live: before it, the markup is the prerendered page, which nothing listens to
  // yet (browser journeys wait for it before they click).
  useEffect(() => {
    document.documentElement.dataset.app = "live";
  }, []);
  const readsData = useMatches({ select: (matches) => matches.some((match) => match.staticData.convex === true) });
  return (
    <>
      <HeadContent />
      <RouteProgress />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-3 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/60"
      >
        Skip to main content
      </a>
      <div className="flex min-h-dvh flex-col">
        <ComponentErrorBoundary>
          <SiteHeader />
        </ComponentErrorBoundary>
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <AccountNotice />
          {readsData ? (
            <NeedsConvex fallback={<PageSkeleton />}>
              <Outlet />
            </NeedsConvex>
          ) : (
            <Outlet />
          )}
        </main>
        <ComponentErrorBoundary>
          <SiteFooter />
        </ComponentErrorBoundary>
      </div>
    </>
  );
}
