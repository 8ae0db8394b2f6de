import { StrictMode, Suspense, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";
import type { AnyRouter } from "@tanstack/react-router";
import { ConvexOnDemand, type ConvexSession } from "@/features/auth/convex-on-demand";
import type { LocalAuthClient } from "@/features/auth/local-auth-client";
import { LocalAuthProvider } from "@/features/auth/local-auth-provider";
import { CartProvider } from "@/features/cart/cart-provider";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { AppRouterProvider } from "./router";

/** Who says who is signed in: the embedded backend's own sign-in, or Clerk (chosen at build time). */
export type Identity =
  | { mode: "local"; client: LocalAuthClient }
  | { mode: "clerk"; key: string; Provider: LazyExoticComponent<ComponentType<{ publishableKey: string; router: AnyRouter; children: ReactNode }>> };

function App({ identity, router, session }: { identity: Identity; router: AnyRouter; session?: ConvexSession }) {
  if (identity.mode === "local") {
    return (
      <LocalAuthProvider client={identity.client}>
        <ConvexOnDemand session={session}>
          <AppRouterProvider router={router} />
        </ConvexOnDemand>
      </LocalAuthProvider>
    );
  }
  return (
    <Suspense fallback={null}>
      <identity.Provider publishableKey={identity.key} router={router}>
        <AppRouterProvider router={router} />
      </identity.Provider>
    </Suspense>
  );
}

/** Says when the tree's first render is on screen: a page's clicks made before then can be replayed. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

interface AppTreeProps {
  identity: Identity;
  router: AnyRouter;
  /** It first renders over a prerendered page's markup: it first renders what the prerender did (src/prerender.tsx) and takes the browser's saved state right after. */
  overPrerendered: boolean;
  /** Convex, already loaded, for a page prerendered with its data (see ConvexOnDemand). */
  session?: ConvexSession;
  onCommit?: () => void;
}

/** The whole app. */
export function AppTree({ identity, router, overPrerendered, session, onCommit }: AppTreeProps) {
  return (
    <StrictMode>
      <ThemeProvider>
        <CartProvider restoreAfterFirstRender={overPrerendered}>
          <App identity={identity} router={router} session={session} />
        </CartProvider>
      </ThemeProvider>
      {onCommit ? <Committed onCommit={onCommit} /> : null}
    </StrictMode>
  );
}
