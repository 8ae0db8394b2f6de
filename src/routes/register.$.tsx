import { createFileRoute, notFound } from "@tanstack/react-router";
import { SignUpRoutePage } from "@/features/auth/auth-route-pages";
import { CLERK_PUBLISHABLE_KEY } from "@/features/auth/identity-mode";
import { skipIfSignedIn, validateAuthSearch } from "@/features/auth/redirects";
import { seo } from "@/lib/seo";

/**
 * /register, and with Clerk its steps below it (/register/verify-email-address, ...), which
 * Clerk's screen reads from the address itself. One splat route, since a splat also matches the bare /register.
 */
export const Route = createFileRoute("/register/$")({
  validateSearch: validateAuthSearch,
  beforeLoad: (options) => {
    if (!CLERK_PUBLISHABLE_KEY && options.params._splat) notFound({ throw: true });
    return skipIfSignedIn(options);
  },
  head: seo({ title: "Create an account", description: "Create your LWCC account.", noindex: true }),
  component: SignUpRoutePage,
});
