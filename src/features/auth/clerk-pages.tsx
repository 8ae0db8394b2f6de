/** Clerk's sign-in and sign-up screens; imported dynamically, only by builds that use Clerk. */
import { SignIn, SignUp } from "@clerk/clerk-react";
import { AFTER_SIGN_IN } from "./redirects";

const frame = "mx-auto flex w-full max-w-md justify-center px-4 py-12 sm:py-16";

export function ClerkSignInPage({ redirect }: { redirect?: string }) {
  return (
    <div className={frame}>
      <SignIn routing="path" path="/login" signUpUrl="/register" fallbackRedirectUrl={redirect ?? AFTER_SIGN_IN} />
    </div>
  );
}

export function ClerkSignUpPage({ redirect }: { redirect?: string }) {
  return (
    <div className={frame}>
      <SignUp routing="path" path="/register" signInUrl="/login" fallbackRedirectUrl={redirect ?? AFTER_SIGN_IN} />
    </div>
  );
}
