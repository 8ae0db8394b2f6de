import { SITE } from "./constants";
import { MESSAGES } from "./messages";

/** Page titles read '{title} | {site title}' (SPEC §9); the home page uses the site title alone. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE.title}` : SITE.title;
}

type MetaTag = { title: string } | { name: string; content: string } | { property: string; content: string };

export interface PageMeta {
  title?: string;
  description?: string;
  noindex?: boolean;
}

export function metaTags({ title, description, noindex }: PageMeta): MetaTag[] {
  const content = description ?? SITE.description;
  const tags: MetaTag[] = [
    { title: pageTitle(title) },
    { name: "description", content },
    // Open Graph: how a shared link looks in chats and social posts.
    { property: "og:site_name", content: SITE.title },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title ?? SITE.title },
    { property: "og:description", content },
    { name: "twitter:card", content: "summary" },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** Where the site lives: VITE_SITE_URL when built for a domain, else the origin serving it. */
export function siteOrigin(): string {
  const configured = import.meta.env.VITE_SITE_URL;
  if (configured) return configured.replace(/\/$/, "");
  return typeof window === "undefined" ? "" : window.location.origin;
}

/** The page's canonical URL: its path on the site's origin, without search, hash or trailing slash (as the sitemap lists it). */
export function canonicalLink(pathname: string) {
  return { rel: "canonical", href: `${siteOrigin()}${pathname.replace(/\/+$/, "") || "/"}` };
}

export const errorPageMeta: PageMeta = { title: MESSAGES.routeError.title, noindex: true };
export const NOT_FOUND_TITLE = "Page not found";
const notFoundMeta: PageMeta = { title: NOT_FOUND_TITLE, noindex: true };

interface RootHeadContext {
  matches: { status: string; _notFound?: boolean }[];
}

/** Site defaults, or the not-found / error head when the page could not be shown. */
export function rootHead({ matches }: RootHeadContext) {
  const meta = matches.some((m) => m._notFound) ? notFoundMeta : matches.some((m) => m.status === "error") ? errorPageMeta : {};
  return { meta: metaTags(meta) };
}

interface HeadContext {
  match: { status: string; pathname?: string };
}

/**
 * Head for a route: its own title, description, Open Graph tags and canonical URL, or the error
 * page's (title 'Error', noindex) when the route failed to load, so the deepest title never hides
 * the failure. Pages that are not indexed get no canonical URL.
 */
export function seo(meta: PageMeta) {
  return ({ match }: HeadContext) => {
    const failed = match.status === "error";
    const indexed = !failed && !meta.noindex && match.pathname !== undefined;
    return {
      meta: metaTags(failed ? errorPageMeta : meta),
      links: indexed ? [canonicalLink(match.pathname!)] : [],
    };
  };
}
