import type { AuthSession } from "@/features/auth/auth-session";

/**
 * What every route's beforeLoad can read: the sign-in state, for guards. Its own module so that
 * guards and pages can name it without importing the router and, through it, every route.
 */
export interface RouterContext {
  auth: AuthSession;
}
