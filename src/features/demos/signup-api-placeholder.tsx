import { TIER_LABELS } from "@convex/model/permissions";
import { NEW_USER } from "@convex/model/users";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { REGISTER_ROUTE } from "@/features/auth/redirects";
import { DebugNote, DebugPage, DebugSection } from "./debug-parts";

export const SIGNUP_API_TEXT = {
  title: "Signup API placeholder",
  lead: "There is no separate signup API to call: accounts are made by the identity provider, through the registration page.",
} as const;

/** /demos/signup-api: where a signup endpoint would be, and what the app does instead. */
export function SignupApiPlaceholder() {
  const id = useId();
  return (
    <DebugPage id="signup-api-title" title={SIGNUP_API_TEXT.title} lead={SIGNUP_API_TEXT.lead}>
      <DebugSection id={`${id}-how`} title="How an account is made">
        <ol className="list-decimal space-y-2 pl-5">
          <li>The visitor registers on /register: Clerk in production, the local identity provider offline.</li>
          <li>On first sign-in the app writes their users row (users:ensureCurrent), with the role {NEW_USER.role} on the {TIER_LABELS[NEW_USER.tier]} tier.</li>
          <li>Booking the free intro session makes a guest account the same way, without a password to choose (see the user provisioning demo).</li>
        </ol>
        <DebugNote>Nothing on this page sends anything.</DebugNote>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link {...REGISTER_ROUTE}>Create an account</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/demos/user-provisioning">User provisioning demo</Link>
          </Button>
        </div>
      </DebugSection>
    </DebugPage>
  );
}
