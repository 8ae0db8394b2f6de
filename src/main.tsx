import { StrictMode, lazy, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { ConvexOnDemand } from "@/features/auth/convex-on-demand";
import { CLERK_PUBLISHABLE_KEY } from "@/features/auth/identity-mode";
import { hasSessionHint, LocalAuthClient } from "@/features/auth/local-auth-client";
import { LocalAuthProvider } from "@/features/auth/local-auth-provider";
import { CartProvider } from "@/features/cart/cart-provider";
import { ThemeProvider } from "@/features/theme/theme-provider";
import { startAnalytics } from "@/lib/analytics";
import { startErrorReporting, warmErrorReporting } from "@/lib/error-reporting";
import { interceptInAppLinks } from "@/lib/in-app-links";
import { AppRouterProvider, createAppRouter } from "./router";
import "./styles.css";

const router = createAppRouter();
interceptInAppLinks(router.history);
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

// Listens for failures now. The reporting SDK is fetched once the page has settled for members,
// and for a visitor only when there is a failure to send.
startErrorReporting(router, { eager: identity.mode === "clerk" || hasSessionHint() });

if (identity.mode === "local") {
  const { client } = identity;
  client.subscribe(() => {
    if (client.getStatus() === "signed-in") warmErrorReporting();
  });
  // Ask for the session before React renders, so guards wait as little as possible.
  client.start();
}

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
