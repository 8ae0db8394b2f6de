import { StrictMode, lazy, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { ConvexOnDemand } from "@/features/auth/convex-on-demand";
import { CLERK_PUBLISHABLE_KEY } from "@/features/auth/identity-mode";
import { LocalAuthClient } from "@/features/auth/local-auth-client";
import { LocalAuthProvider } from "@/features/auth/local-auth-provider";
import { CartProvider } from "@/features/cart/cart-provider";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { startAnalytics } from "@/lib/analytics";
import { startErrorReporting } from "@/lib/error-reporting";
import { interceptInAppLinks } from "@/lib/in-app-links";
import { AppRouterProvider, createAppRouter } from "./router";
import "./styles.css";

const router = createAppRouter();
interceptInAppLinks(router.history);
// Listens for failures now; the reporting SDK itself is fetched once the page has settled.
startErrorReporting(router);
// Subscribed before the first render, so the first page's resolve (its hydration) is seen too.
startAnalytics(router);

// Chosen at build time. Clerk is a chunk of its own, fetched only by builds that set its key.
const identity = CLERK_PUBLISHABLE_KEY
  ? ({
      mode: "clerk",
      key: CLERK_PUBLISHABLE_KEY,
      Provider: lazy(() => import("@/features/auth/clerk-auth-provider")),
    } as const)
  : ({ mode: "local", client: new LocalAuthClient() } as const);

// Ask for the session before React renders, so guards wait as little as possible.
if (identity.mode === "local") identity.client.start();

function App() {
  if (identity.mode === "local") {
    return (
      <LocalAuthProvider client={identity.client}>
        <ConvexOnDemand>
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

// A prerendered page's head tags (scripts/lib/prerender-plugin.ts) give way to the router's, which follow navigation.
for (const tag of document.head.querySelectorAll("[data-prerendered]")) tag.remove();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ThemeProvider>
      <CartProvider>
        <App />
      </CartProvider>
    </ThemeProvider>
  </StrictMode>,
);
