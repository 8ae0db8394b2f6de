import { StrictMode, lazy, Suspense, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { CurrentViewerProvider } from "@/features/auth/current-viewer";
import { CLERK_PUBLISHABLE_KEY } from "@/features/auth/identity-mode";
import { LocalAuthClient } from "@/features/auth/local-auth-client";
import { LocalAuthProvider, LocalConvexProvider } from "@/features/auth/local-auth-provider";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { convex } from "@/lib/convex";
import { AppRouterProvider, createAppRouter } from "./router";
import "./styles.css";

const router = createAppRouter();

// Chosen at build time. Clerk is a chunk of its own, fetched only by builds that set its key.
const identity = CLERK_PUBLISHABLE_KEY
  ? ({ mode: "clerk", key: CLERK_PUBLISHABLE_KEY, Provider: lazy(() => import("@/features/auth/clerk-auth-provider")) } as const)
  : ({ mode: "local", client: new LocalAuthClient() } as const);

// Ask for the session before React renders, so guards wait as little as possible.
if (identity.mode === "local") identity.client.start();

function IdentityProvider({ children }: { children: ReactNode }) {
  if (identity.mode === "local") {
    return (
      <LocalAuthProvider client={identity.client}>
        <LocalConvexProvider convex={convex}>{children}</LocalConvexProvider>
      </LocalAuthProvider>
    );
  }
  return (
    <Suspense fallback={null}>
      <identity.Provider publishableKey={identity.key} convex={convex} router={router}>
        {children}
      </identity.Provider>
    </Suspense>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ThemeProvider>
      <IdentityProvider>
        <CurrentViewerProvider>
          <AppRouterProvider router={router} />
        </CurrentViewerProvider>
      </IdentityProvider>
    </ThemeProvider>
  </StrictMode>,
);
