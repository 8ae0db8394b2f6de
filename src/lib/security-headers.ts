/**
 * The web app's security headers, defined once and built from the build's configuration. The
 * preview and dev servers send them (scripts/lib/security-headers-plugin.ts), the build writes
 * them to `_headers` for static hosts, `npm run headers` prints them for nginx or Vercel, and
 * docs/deploy.md shows them for an example deployment (checked against this module by a test).
 *
 * Plain TypeScript with no Node or browser API, so the Vite config, the scripts, the embedded
 * backend's own pages and the tests all read the same definition.
 */
import { EMBEDDED_BACKEND_URL } from "./constants.ts";

export interface SecurityHeadersConfig {
  /** The Convex deployment the build talks to (VITE_CONVEX_URL): its client API over HTTP and WebSocket, and its files. */
  convexUrl: string;
  /** VITE_CLERK_PUBLISHABLE_KEY, when sign-in is Clerk's: its Frontend API is named inside the key. */
  clerkPublishableKey?: string;
  /** When pageviews go to PostHog (VITE_POSTHOG_KEY): its API host (VITE_POSTHOG_HOST, or PostHog's US cloud). */
  posthogHost?: string;
  /** `'sha256-…'` sources for the inline scripts of the build's pages (the theme's pre-paint script, the router's scroll restoration). */
  scriptHashes: readonly string[];
}

export type HeaderList = readonly (readonly [name: string, value: string])[];

/** PostHog's default API host (posthog-js's own default). */
const POSTHOG_DEFAULT_HOST = "https://us.i.posthog.com";

/**
 * Stripe.js and Elements, as Stripe's integration security guide lists them: the script and its
 * frames (card fields, 3-D Secure challenges) and its API. The deployment decides at run time
 * whether Stripe is configured, so the build always allows it. Google Maps is left out: only the
 * Address Element's autocomplete uses it, and the checkout has none.
 */
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
} as const;

/** Cloudflare's bot protection, which Clerk's sign-up loads, and Clerk's image host (avatars, logos). */
const CLERK = {
  challenges: "https://challenges.cloudflare.com",
  images: "https://img.clerk.com",
  /** Clerk's development instances (pk_test_ keys) send telemetry here; production instances do not. */
  telemetry: "https://clerk-telemetry.com",
} as const;

/** The headers that are the same whatever the configuration. */
export const FIXED_HEADERS: HeaderList = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  // Popups and opened pages of another origin get no handle on our window. Stripe (3-D Secure in
  // a frame, redirects for wallets and bank methods) and Clerk (redirect sign-in by default) open
  // no popup that reports back to its opener, so `same-origin` breaks neither.
  ["Cross-Origin-Opener-Policy", "same-origin"],
  // frame-ancestors 'none' says the same to every browser that reads CSP; this is for older ones.
  ["X-Frame-Options", "DENY"],
];

/** The WebSocket origin beside an HTTP(S) origin: the Convex client's sync socket. */
function socketOrigin(origin: string): string {
  return origin.replace(/^http(s?):/, "ws$1:");
}

/**
 * The Frontend API host a Clerk publishable key names: `pk_live_` or `pk_test_`, then the host and
 * a `$` in base64. Hand-decoded (three lines) rather than pulling @clerk/shared into the build config.
 */
export function clerkFrontendApi(publishableKey: string): string {
  const match = /^pk_(?:test|live)_([A-Za-z0-9+/=_-]+)$/.exec(publishableKey.trim());
  const decoded = match ? atob(match[1]!.replace(/-/g, "+").replace(/_/g, "/")) : "";
  if (!decoded.endsWith("$") || !/^[a-z0-9.-]+(:\d+)?$/i.test(decoded.slice(0, -1))) {
    throw new Error("VITE_CLERK_PUBLISHABLE_KEY is not a Clerk publishable key (pk_live_… or pk_test_…).");
  }
  return `https://${decoded.slice(0, -1)}`;
}

function originOf(url: string, what: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${what} is not a URL: ${url}`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error(`${what} must be an http(s) URL: ${url}`);
  return parsed.origin;
}

/** PostHog's cloud serves its API and its lazily loaded scripts from several *.posthog.com hosts (PostHog's CSP guide); a proxy serves both. */
function posthogSources(host: string): string[] {
  const origin = originOf(host, "VITE_POSTHOG_HOST");
  return /\.posthog\.com$/i.test(new URL(origin).hostname) ? ["https://*.posthog.com"] : [origin];
}

/** The policy's directives, in the order they are written. */
export function cspDirectives(config: SecurityHeadersConfig): [string, string[]][] {
  const convex = originOf(config.convexUrl, "VITE_CONVEX_URL");
  const clerk = config.clerkPublishableKey ? clerkFrontendApi(config.clerkPublishableKey) : null;
  const clerkTelemetry = config.clerkPublishableKey?.startsWith("pk_test_") ? [CLERK.telemetry] : [];
  const posthog = config.posthogHost ? posthogSources(config.posthogHost) : [];
  for (const hash of config.scriptHashes) {
    if (!/^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/.test(hash)) throw new Error(`Not a CSP hash source: ${hash}`);
  }
  return [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...new Set(config.scriptHashes), ...STRIPE.script, ...(clerk ? [clerk, CLERK.challenges] : []), ...posthog]],
    // Radix's scroll lock and Clerk's components write <style> elements, and prerendered markup
    // carries style attributes: inline styles need 'unsafe-inline' (styles cannot run code).
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", ...(clerk ? [CLERK.images] : [])]],
    ["font-src", ["'self'"]],
    // Recordings are played from the deployment's file storage.
    ["media-src", ["'self'", convex]],
    [
      "connect-src",
      ["'self'", convex, socketOrigin(convex), ...STRIPE.connect, ...(clerk ? [clerk, ...clerkTelemetry] : []), ...posthog],
    ],
    ["frame-src", [...STRIPE.frame, ...(clerk ? [CLERK.challenges] : [])]],
    // Sentry's session replay compresses in a worker made from a blob, and so does Clerk.
    ["worker-src", ["'self'", "blob:"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
}

export function contentSecurityPolicy(config: SecurityHeadersConfig): string {
  return serializeCsp(cspDirectives(config));
}

/** Directives as a header value: `name source source; name …`. */
export function serializeCsp(directives: readonly (readonly [string, readonly string[]])[]): string {
  return directives.map(([name, sources]) => [name, ...sources].join(" ")).join("; ");
}

/** Every header the web app sends with each response. */
export function securityHeaders(config: SecurityHeadersConfig): HeaderList {
  return [["Content-Security-Policy", contentSecurityPolicy(config)], ...FIXED_HEADERS];
}

/** The configuration a build's VITE_* variables give, as the app itself reads them. */
export function configFromEnv(env: Record<string, string | undefined>, scriptHashes: readonly string[]): SecurityHeadersConfig {
  return {
    convexUrl: env.VITE_CONVEX_URL || EMBEDDED_BACKEND_URL,
    ...(env.VITE_CLERK_PUBLISHABLE_KEY ? { clerkPublishableKey: env.VITE_CLERK_PUBLISHABLE_KEY } : {}),
    ...(env.VITE_POSTHOG_KEY ? { posthogHost: env.VITE_POSTHOG_HOST || POSTHOG_DEFAULT_HOST } : {}),
    scriptHashes,
  };
}

/** Netlify's and Cloudflare Pages' `_headers` file: every path gets the headers. */
export function headersFile(headers: HeaderList): string {
  return `/*\n${headers.map(([name, value]) => `  ${name}: ${value}`).join("\n")}\n`;
}

/** The headers of a `_headers` file's `/*` block, as headersFile writes it. */
export function parseHeadersFile(text: string): HeaderList {
  const lines = text.split("\n");
  const start = lines.indexOf("/*");
  if (start < 0) throw new Error("The _headers file has no /* block.");
  const headers: [string, string][] = [];
  for (const line of lines.slice(start + 1)) {
    const header = /^\s+([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (!header) break;
    headers.push([header[1]!, header[2]!.trim()]);
  }
  return headers;
}

/** nginx: `add_header` lines for the server block (`always`, so error pages carry them too). */
export function nginxSnippet(headers: HeaderList): string {
  return `${headers.map(([name, value]) => `add_header ${name} "${value}" always;`).join("\n")}\n`;
}

/** Vercel: the `headers` entry of vercel.json. */
export function vercelHeaders(headers: HeaderList): string {
  return `${JSON.stringify({ headers: [{ source: "/(.*)", headers: headers.map(([key, value]) => ({ key, value })) }] }, null, 2)}\n`;
}
