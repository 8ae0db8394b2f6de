/**
 * The query strings of /loading and /loading-complete. Kept apart from the pages: a route's
 * validateSearch is in the app's first bundle, and importing it from a page would pull the page in.
 */

export interface LoadingSearch {
  booking_id?: string;
  email?: string;
  name?: string;
}

export interface LoadingCompleteSearch {
  booking_id?: string;
  response_id?: string;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** /loading's query (SPEC §2): booking_id, email, name; anything else is dropped. */
export function validateLoadingSearch(search: Record<string, unknown>): LoadingSearch {
  return { booking_id: text(search.booking_id), email: text(search.email), name: text(search.name) };
}

/** /loading-complete's query (SPEC §2): booking_id, response_id. */
export function validateLoadingCompleteSearch(search: Record<string, unknown>): LoadingCompleteSearch {
  return { booking_id: text(search.booking_id), response_id: text(search.response_id) };
}
