/** The query string of /booking-error, apart from the page: a route's validateSearch is in the app's first bundle. */
export interface BookingErrorSearch {
  reason?: "loading_error";
}

export function validateBookingErrorSearch(search: Record<string, unknown>): BookingErrorSearch {
  return search.reason === "loading_error" ? { reason: "loading_error" } : {};
}
