/**
 * The public pages search engines should know about (SPEC §2 "Public"): the sitemap lists these
 * plus every published article. Pages marked noindex (sign-in, demos) and member pages stay out.
 * tests/unit/site-routes.test.ts keeps this list and the route files in step.
 */
export const INDEXED_PATHS = [
  "/",
  "/about",
  "/services",
  "/services/calendar-clarity",
  "/services/automation-mastery",
  "/services/ai-accelerator",
  "/services/text-expansion",
  "/pricing",
  "/free-intro-session",
  "/resources",
  "/community",
  "/case-studies",
  "/blog",
  "/marketplace",
  "/faq",
  "/contact",
  "/support",
  "/health",
  "/help-center",
  "/glossary",
  "/adhd-and-language",
  "/mission-and-values",
  "/affiliate-links-policy",
  "/cookie-policy",
  "/privacy-policy",
  "/terms-of-service",
] as const;

/** Where each article kind is read. */
export const ARTICLE_PATHS = { post: "/blog", case_study: "/case-studies" } as const;

/** Never indexed: member and admin areas, the booking flow's onboarding and error pages, sign-in, e-mail links (unsubscribe, newsletter confirmation, a nudge's answers), and the API. */
export const DISALLOWED_PREFIXES = [
  "/dashboard",
  "/admin",
  "/account",
  "/profile",
  "/session",
  "/forum",
  "/focus",
  "/booking-error",
  "/booking/",
  "/demos",
  "/loading",
  "/loading-complete",
  "/checkout",
  "/subscription-portal",
  "/premium",
  "/coaching",
  "/login",
  "/register",
  "/logout",
  "/unsubscribe",
  "/newsletter/",
  "/nudge",
  "/api/",
  "/auth/",
] as const;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function sitemapXml(origin: string, entries: { path: string; lastModified?: number }[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${new Date(lastModified).toISOString().slice(0, 10)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

/** The site's public origin: SITE_URL when set, else the host the request came to (through the app's proxy). */
export function publicOrigin(siteUrl: string | undefined, request: Request): string {
  if (siteUrl?.trim()) return siteUrl.trim().replace(/\/$/, "");
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
  return `${proto}://${host}`;
}

/** The origin of a URL, or null when it is not an absolute http(s) URL. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a browser's POST came from a page of the site itself. Browsers send Origin with every
 * POST; Referer stands in where a privacy setting drops it. A post that names neither, or names
 * the opaque origin "null", cannot show where it came from and is refused, so a form on another
 * site cannot act for a visitor.
 */
export function isSameOriginPost(request: Request, siteOrigin: string): boolean {
  const expected = originOf(siteOrigin);
  const origin = request.headers.get("origin");
  const referer = request.headers.get("referer");
  const claimed = origin !== null ? originOf(origin) : referer !== null ? originOf(referer) : null;
  return expected !== null && claimed === expected;
}
