import { useNavigate } from "@tanstack/react-router";
import type { FormEvent, ReactNode } from "react";
import { useAuth } from "@/features/auth/use-auth";
import { SIGN_OUT } from "./nav";

/**
 * Signing out is a form post (SPEC §7) so it also works without JavaScript. With JavaScript the
 * app signs out itself; if that fails, the form is posted after all so the server ends the session.
 */
export function SignOutForm({ children, className }: { children: ReactNode; className?: string }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // Leave the page first: a member-only page would otherwise send its guard to /login meanwhile.
    navigate({ to: SIGN_OUT.redirectTo })
      .then(signOut)
      .catch(() => form.submit());
  }

  return (
    <form method="post" action={SIGN_OUT.action} className={className} onSubmit={handleSubmit}>
      <input type="hidden" name="redirectTo" value={SIGN_OUT.redirectTo} />
      {children}
    </form>
  );
}
