/**
 * Plain links to pages of the app navigate through the router, without reloading the page. The
 * widgets render URLs that arrive as data (activity and notification actions from Convex) as
 * plain anchors; router <Link>s handle their own clicks and are left alone (defaultPrevented).
 */
interface History {
  push(path: string): void;
}

/** Files served beside the app (robots.txt, sitemap.xml, a download) are not router pages. */
const FILE_PATH = /\.[a-z0-9]+$/i;

export function inAppPath(anchor: HTMLAnchorElement, origin = window.location.origin): string | null {
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin || FILE_PATH.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Installs the listener on `root`; returns its removal. */
export function interceptInAppLinks(history: History, root: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const path = inAppPath(anchor);
    if (path === null) return;
    const here = window.location;
    // A jump within the page is the browser's to make.
    if (path.includes("#") && path.split("#")[0] === `${here.pathname}${here.search}`) return;
    event.preventDefault();
    history.push(path);
  };
  root.addEventListener("click", onClick);
  return () => root.removeEventListener("click", onClick);
}
