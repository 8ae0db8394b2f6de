import { useSearch } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { CLERK_PUBLISHABLE_KEY } from "./identity-mode";
import { LoginPage } from "./login-page";
import { RegisterPage } from "./register-page";

// Lazy and behind the build-time key: the default build never fetches Clerk's screens.
const ClerkSignInPage = CLERK_PUBLISHABLE_KEY
  ? lazy(() => import("./clerk-pages").then((module) => ({ default: module.ClerkSignInPage })))
  : null;
const ClerkSignUpPage = CLERK_PUBLISHABLE_KEY
  ? lazy(() => import("./clerk-pages").then((module) => ({ default: module.ClerkSignUpPage })))
  : null;

/** /login (and Clerk's steps under it): Clerk's screen in production, the local form otherwise. */
export function SignInRoutePage() {
  const { redirect } = useSearch({ strict: false });
  if (!ClerkSignInPage) return <LoginPage />;
  return (
    <Suspense fallback={null}>
      <ClerkSignInPage redirect={redirect} />
    </Suspense>
  );
}

/** /register (and Clerk's steps under it). */
export function SignUpRoutePage() {
  const { redirect } = useSearch({ strict: false });
  if (!ClerkSignUpPage) return <RegisterPage />;
  return (
    <Suspense fallback={null}>
      <ClerkSignUpPage redirect={redirect} />
    </Suspense>
  );
}
