// Relative, not "@convex/…": vite.config.ts imports this file before any alias exists.
import { SESSION_HINT_COOKIE } from "../../../convex/model/sessionHint.ts";

/** Set on <html> before first paint when the hint is there, so a page that has not yet asked hides the visitor's "Sign In". */
export const SESSION_HINT_ATTRIBUTE = "data-session-hint";

/** Whether the provider's "signed in" hint is set; it proves nothing, it only says a refresh is worth asking for. */
export function hasSessionHint(cookies: string = typeof document === "undefined" ? "" : document.cookie): boolean {
  return cookies.split(";").some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/** Inline script for index.html: marks <html> with SESSION_HINT_ATTRIBUTE before first paint. */
export function sessionHintBootScript(): string {
  return `(function(){try{if(document.cookie.split(";").some(function(p){return p.trim()===${JSON.stringify(`${SESSION_HINT_COOKIE}=1`)}}))document.documentElement.setAttribute(${JSON.stringify(SESSION_HINT_ATTRIBUTE)},"")}catch(e){}})();`;
}
