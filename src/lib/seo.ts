import { SITE } from "./constants";
import { MESSAGES } from "./messages";

/** Page titles read '{title} | {site title}' (SPEC §9); the home page uses the site title alone. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE.title}` : SITE.title;
}

type MetaTag = { title: string } | { name: string; content: string };

export interface PageMeta {
  title?: string;
  description?: string;
  noindex?: boolean;
}

export function metaTags({ title, description, noindex }: PageMeta): MetaTag[] {
  const tags: MetaTag[] = [
    { title: pageTitle(title) },
    { name: "description", content: description ?? SITE.description },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

export const errorPageMeta: PageMeta = { title: MESSAGES.routeError.title, noindex: true };
export const NOT_FOUND_TITLE = "Page not found";
const notFoundMeta: PageMeta = { title: NOT_FOUND_TITLE, noindex: true };

interface RootHeadContext {
  matches: { status: string; _notFound?: boolean }[];
}

/** Site defaults, or the not-found / error head when the page could not be shown. */
export function rootHead({ matches }: RootHeadContext) {
  const meta = matches.some((m) => m._notFound)
    ? notFoundMeta
    : matches.some((m) => m.status === "error")
      ? errorPageMeta
      : {};
  return { meta: metaTags(meta) };
}

interface HeadContext {
  match: { status: string };
}

/**
 * Head for a route: its own title and description, or the error page's (title 'Error',
 * noindex) when the route failed to load, so the deepest title never hides the failure.
 */
export function seo(meta: PageMeta) {
  return ({ match }: HeadContext) => ({
    meta: metaTags(match.status === "error" ? errorPageMeta : meta),
  });
}
