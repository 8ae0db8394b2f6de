import { redirect, type ParsedLocation } from "@tanstack/react-router";
import type { RouterContext } from "@/router-context";
import { settledStatus } from "./auth-session";

export const AFTER_SIGN_IN = "/dashboard";

/** /login and /register are splat routes (for Clerk's steps below them); these address their bare paths. */
export const LOGIN_ROUTE = { to: "/login/$", params: { _splat: "" } } as const;
export const REGISTER_ROUTE = { to: "/register/$", params: { _splat: "" } } as const;

/** Only a path on this site: starts with "/" but not "//" or "/\" (both mean another host to a browser). */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return undefined;
  }
  return value;
}

export interface AuthSearch {
  redirect?: string;
}

/** Search params of /login and /register: where to go after signing in, if it is safe. */
export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  // Always set: the router merges the raw params under what this returns, so an omitted key would keep the unsafe value.
  return { redirect: safeRedirect(search.redirect) };
}

/** Guard of the member area (UX only, the server enforces): visitors go to /login and come back. */
export async function requireSignedIn({ context, location }: { context: RouterContext; location: ParsedLocation }) {
  if ((await settledStatus(context.auth)) !== "signed-in") {
    redirect({ ...LOGIN_ROUTE, search: { redirect: location.href }, throw: true });
  }
}

/** /login and /register send people who are already signed in on to where they were going. */
export async function skipIfSignedIn({ context, search }: { context: RouterContext; search: AuthSearch }) {
  if ((await settledStatus(context.auth)) === "signed-in") {
    redirect({ href: safeRedirect(search.redirect) ?? AFTER_SIGN_IN, replace: true, throw: true });
  }
}
