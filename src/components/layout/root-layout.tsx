import { HeadContent, Outlet } from "@tanstack/react-router";
import { AccountNotice } from "./account-notice";
import { ComponentErrorBoundary } from "./error-boundary";
import { RouteProgress } from "./route-progress";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export function RootLayout() {
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
          <Outlet />
        </main>
        <ComponentErrorBoundary>
          <SiteFooter />
        </ComponentErrorBoundary>
      </div>
    </>
  );
}
