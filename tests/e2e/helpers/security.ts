import { expect, type Page, type Response } from "@playwright/test";
import { appScriptHashes } from "../../../scripts/lib/security-headers-plugin";
import { configFromEnv, securityHeaders } from "../../../src/lib/security-headers";

const WEB_PORT = Number(process.env.E2E_PORT ?? 4317);
/** The journeys' embedded backend: the web app's port plus one (playwright.config.ts). */
export const BACKEND_ORIGIN = `http://127.0.0.1:${WEB_PORT + 1}`;
/** Its http routes (convex/http.ts), on the next port: another origin of the web app's own site. */
export const HTTP_ROUTES_ORIGIN = `http://127.0.0.1:${WEB_PORT + 2}`;

/**
 * Every Content-Security-Policy violation a page reports, in any of its documents and across
 * navigations, as "<directive> blocked <what> on <page>". Listened for before the page's own
 * scripts run, so an inline script refused while the HTML is parsed is seen too.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeBinding("__lwccCspViolation", ({ frame }, text: string) => {
    seen.push(`${text} on ${frame.url()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __lwccCspViolation: (text: string) => Promise<void> }).__lwccCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} ${event.sample}`.trim());
    });
  });
  return seen;
}

/**
 * The headers of src/lib/security-headers.ts for the journeys' build (its backend, the app's own
 * inline scripts): what every response of the web app must carry, exactly.
 */
const EXPECTED = securityHeaders(configFromEnv({ VITE_CONVEX_URL: BACKEND_ORIGIN }, appScriptHashes()));

export function expectSecurityHeaders(response: Response | null) {
  expect(response, "the page's response").not.toBeNull();
  const headers = response!.headers();
  for (const [name, value] of EXPECTED) expect(headers[name.toLowerCase()], `${name} of ${response!.url()}`).toBe(value);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
}
