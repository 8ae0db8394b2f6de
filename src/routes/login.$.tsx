import { createFileRoute, notFound } from "@tanstack/react-router";
import { SignInRoutePage } from "@/features/auth/auth-route-pages";
import { CLERK_PUBLISHABLE_KEY } from "@/features/auth/identity-mode";
import { skipIfSignedIn, validateAuthSearch } from "@/features/auth/redirects";
import { seo } from "@/lib/seo";

/**
 * /login, and with Clerk its steps below it (/login/factor-one, ...), which Clerk's screen reads
 * from the address itself. One splat route, since a splat also matches the bare /login.
 */
export const Route = createFileRoute("/login/$")({
  validateSearch: validateAuthSearch,
  beforeLoad: (options) => {
    if (!CLERK_PUBLISHABLE_KEY && options.params._splat) notFound({ throw: true });
    return skipIfSignedIn(options);
  },
  head: seo({ title: "Sign in", description: "Sign in to your LWCC account.", noindex: true }),
  component: SignInRoutePage,
});
