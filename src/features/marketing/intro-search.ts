/**
 * The query string of /free-intro-session, kept apart from the page (a route's validateSearch is
 * in the app's first bundle). `?book=times`: the booking section is open. It lives in the URL, not
 * in the page's state, because opening it loads the Convex client, which mounts the page afresh.
 */
export interface IntroSearch {
  book?: "times";
}

export function validateIntroSearch(search: Record<string, unknown>): IntroSearch {
  return search.book === "times" ? { book: "times" } : {};
}
