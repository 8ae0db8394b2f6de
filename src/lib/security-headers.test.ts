import {
  clerkFrontendApi,
  configFromEnv,
  contentSecurityPolicy,
  headersFile,
  nginxSnippet,
  parseHeadersFile,
  securityHeaders,
  vercelHeaders,
  type SecurityHeadersConfig,
} from "./security-headers";

const HASHES = ["'sha256-8A5wp0u4jtNxFVknPkjFRCp8BfIeQzDxZM1hCphzkwc='", "'sha256-zFML+AEdb/HsbX66VlYzBOqJKNNHs5/WNGYP8JiblyY='"];
const EMBEDDED: SecurityHeadersConfig = { convexUrl: "http://127.0.0.1:3210", scriptHashes: HASHES };
/** Clerk's publishable keys name their Frontend API: base64 of the host and a "$". */
const clerkKey = (kind: "live" | "test", host: string) => `pk_${kind}_${btoa(`${host}$`)}`;

/** The policy as directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split("; ").map((directive) => directive.split(" ")).map(([name, ...sources]) => [name!, sources]));
}

describe("the web app's security headers", () => {
  it("for the embedded backend: its own files, its two inline scripts by hash, the backend over HTTP and WebSocket, Stripe, and no framing at all", () => {
    expect(contentSecurityPolicy(EMBEDDED)).toBe(
      [
        "default-src 'self'",
        `script-src 'self' ${HASHES.join(" ")} https://js.stripe.com https://*.js.stripe.com`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self'",
        "font-src 'self'",
        "media-src 'self' http://127.0.0.1:3210",
        "connect-src 'self' http://127.0.0.1:3210 ws://127.0.0.1:3210 https://api.stripe.com",
        "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
  });

  it("sends the policy with nosniff, a strict referrer policy, an isolated opener and DENY for older browsers", () => {
    expect(securityHeaders(EMBEDDED)).toEqual([
      ["Content-Security-Policy", contentSecurityPolicy(EMBEDDED)],
      ["X-Content-Type-Options", "nosniff"],
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
      ["Cross-Origin-Opener-Policy", "same-origin"],
      ["X-Frame-Options", "DENY"],
    ]);
  });

  it("never allows inline or evaluated code, whatever is configured", () => {
    const everything = contentSecurityPolicy({
      ...EMBEDDED,
      clerkPublishableKey: clerkKey("test", "calm-owl-12.clerk.accounts.dev"),
      posthogHost: "https://eu.i.posthog.com",
    });
    for (const name of ["script-src", "connect-src", "frame-src", "worker-src"]) {
      expect(directives(everything)[name]).not.toContain("'unsafe-inline'");
      expect(directives(everything)[name]).not.toContain("'unsafe-eval'");
    }
    expect(directives(everything)["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("connects to a Convex cloud deployment over HTTPS and its WebSocket over WSS, by origin", () => {
    const policy = directives(contentSecurityPolicy({ ...EMBEDDED, convexUrl: "https://happy-otter-123.convex.cloud/" }));
    expect(policy["connect-src"]).toEqual(["'self'", "https://happy-otter-123.convex.cloud", "wss://happy-otter-123.convex.cloud", "https://api.stripe.com"]);
    expect(policy["media-src"]).toEqual(["'self'", "https://happy-otter-123.convex.cloud"]);
  });

  it("allows Clerk's Frontend API, images and bot check only when a Clerk key is configured, and its telemetry only for development keys", () => {
    const live = directives(contentSecurityPolicy({ ...EMBEDDED, clerkPublishableKey: clerkKey("live", "clerk.lwcc.example") }));
    expect(live["script-src"]).toEqual(expect.arrayContaining(["https://clerk.lwcc.example", "https://challenges.cloudflare.com"]));
    expect(live["connect-src"]).toContain("https://clerk.lwcc.example");
    expect(live["connect-src"]).not.toContain("https://clerk-telemetry.com");
    expect(live["img-src"]).toEqual(["'self'", "https://img.clerk.com"]);
    expect(live["frame-src"]).toContain("https://challenges.cloudflare.com");

    const test = directives(contentSecurityPolicy({ ...EMBEDDED, clerkPublishableKey: clerkKey("test", "calm-owl-12.clerk.accounts.dev") }));
    expect(test["connect-src"]).toEqual(expect.arrayContaining(["https://calm-owl-12.clerk.accounts.dev", "https://clerk-telemetry.com"]));

    const none = contentSecurityPolicy(EMBEDDED);
    expect(none).not.toMatch(/clerk|cloudflare/);
  });

  it("reads the Frontend API from a Clerk key and refuses anything else", () => {
    expect(clerkFrontendApi(clerkKey("live", "clerk.lwcc.example"))).toBe("https://clerk.lwcc.example");
    expect(clerkFrontendApi(clerkKey("test", "calm-owl-12.clerk.accounts.dev"))).toBe("https://calm-owl-12.clerk.accounts.dev");
    for (const key of ["sk_live_abc", "pk_live_", `pk_live_${btoa("clerk.lwcc.example")}`, `pk_live_${btoa("evil.example; script-src *$")}`]) {
      expect(() => clerkFrontendApi(key), key).toThrow(/not a Clerk publishable key/);
    }
  });

  it("allows PostHog's cloud hosts, or a proxy's own origin, only when PostHog is configured", () => {
    const cloud = directives(contentSecurityPolicy({ ...EMBEDDED, posthogHost: "https://us.i.posthog.com" }));
    expect(cloud["script-src"]).toContain("https://*.posthog.com");
    expect(cloud["connect-src"]).toContain("https://*.posthog.com");
    const proxy = directives(contentSecurityPolicy({ ...EMBEDDED, posthogHost: "https://stats.lwcc.example/ingest" }));
    expect(proxy["connect-src"]).toContain("https://stats.lwcc.example");
    expect(proxy["connect-src"]).not.toContain("https://*.posthog.com");
    expect(contentSecurityPolicy(EMBEDDED)).not.toContain("posthog");
  });

  it("refuses a configuration that would widen or break the policy", () => {
    expect(() => contentSecurityPolicy({ ...EMBEDDED, convexUrl: "javascript:alert(1)" })).toThrow(/VITE_CONVEX_URL must be an http\(s\) URL/);
    expect(() => contentSecurityPolicy({ ...EMBEDDED, convexUrl: "not a url" })).toThrow(/VITE_CONVEX_URL is not a URL/);
    expect(() => contentSecurityPolicy({ ...EMBEDDED, scriptHashes: ["'unsafe-inline'"] })).toThrow(/Not a CSP hash source/);
    expect(() => contentSecurityPolicy({ ...EMBEDDED, scriptHashes: ["'sha256-abc=' https://evil.example"] })).toThrow(/Not a CSP hash source/);
  });

  it("reads a build's VITE_* values as the app does: the embedded backend by default, Clerk and PostHog only with their keys", () => {
    expect(configFromEnv({}, HASHES)).toEqual({ convexUrl: "http://127.0.0.1:3210", scriptHashes: HASHES });
    expect(configFromEnv({ VITE_CONVEX_URL: "https://a.convex.cloud", VITE_POSTHOG_HOST: "https://eu.i.posthog.com" }, [])).toEqual({
      convexUrl: "https://a.convex.cloud",
      scriptHashes: [],
    });
    expect(configFromEnv({ VITE_POSTHOG_KEY: "phc_1" }, [])).toMatchObject({ posthogHost: "https://us.i.posthog.com" });
    expect(configFromEnv({ VITE_POSTHOG_KEY: "phc_1", VITE_POSTHOG_HOST: "https://eu.i.posthog.com" }, [])).toMatchObject({ posthogHost: "https://eu.i.posthog.com" });
    expect(configFromEnv({ VITE_CLERK_PUBLISHABLE_KEY: "pk_live_x" }, [])).toMatchObject({ clerkPublishableKey: "pk_live_x" });
  });

  it("writes the headers for Netlify and Cloudflare Pages, nginx and Vercel, and reads a _headers file back", () => {
    const headers = securityHeaders(EMBEDDED);
    const file = headersFile(headers);
    expect(file.split("\n").slice(0, 3)).toEqual(["/*", `  Content-Security-Policy: ${contentSecurityPolicy(EMBEDDED)}`, "  X-Content-Type-Options: nosniff"]);
    expect(parseHeadersFile(file)).toEqual(headers);
    expect(parseHeadersFile(`# written by the build\n${file}\n/assets/*\n  Cache-Control: immutable\n`)).toEqual(headers);
    expect(() => parseHeadersFile("/assets/*\n  X-Frame-Options: DENY\n")).toThrow(/no \/\* block/);

    expect(nginxSnippet(headers).split("\n")[1]).toBe('add_header X-Content-Type-Options "nosniff" always;');
    expect(nginxSnippet(headers)).toContain(`add_header Content-Security-Policy "${contentSecurityPolicy(EMBEDDED)}" always;`);
    expect(JSON.parse(vercelHeaders(headers))).toEqual({
      headers: [{ source: "/(.*)", headers: headers.map(([key, value]) => ({ key, value })) }],
    });
  });
});
