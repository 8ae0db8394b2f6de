/**
 * How long sessions are, in whole minutes. No imports on purpose: public pages quote these
 * numbers, and importing them must not pull the booking rules into a visitor's bundle.
 */

/** SPEC §9: "session duration 60". */
export const DEFAULT_SESSION_MINUTES = 60;
export const SESSION_DURATIONS = [30, 60, 90] as const;
/** The free intro session a visitor books from /free-intro-session: shorter than any paid session. */
export const INTRO_SESSION_MINUTES = 20;
