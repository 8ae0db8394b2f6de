/**
 * The contact form's subjects (SPEC §5), apart from its checks: the /contact route reads them to
 * validate its address, and must not bring the validators into every page's first script.
 */
export const CONTACT_SUBJECTS = ["consultation", "course", "support", "other"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
