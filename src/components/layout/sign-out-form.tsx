import type { ReactNode } from "react";
import { SIGN_OUT } from "./nav";

/** Signing out is a form post (SPEC §7) so it also works without JavaScript. */
export function SignOutForm({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <form method="post" action={SIGN_OUT.action} className={className}>
      <input type="hidden" name="redirectTo" value={SIGN_OUT.redirectTo} />
      {children}
    </form>
  );
}
