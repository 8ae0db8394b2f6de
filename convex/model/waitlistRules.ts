/** The waitlist's numbers, import-free so the booking page can say them too (rules: model/waitlist.ts). */

/** How long an offered time is held for the member it is offered to. */
export const OFFER_HOLD_MINUTES = 15;
/** How far ahead a window may end: the furthest the booking page shows. */
export const WAITLIST_MAX_DAYS = 90;
