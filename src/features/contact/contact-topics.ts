import { CONTACT_SUBJECTS, type ContactSubject } from "@convex/model/contactSubjects";

/**
 * Pages that link to /contact?subject=... about themselves (SPEC §2). They are not subjects of
 * the form: they select "other" and start the message with what it is about.
 */
export const CONTACT_TOPICS = {
  "affiliate-policy": "About the affiliate links policy: ",
  privacy: "About the privacy policy: ",
  legal: "About the terms and legal pages: ",
  "glossary-suggestion": "A term I'd like to see in the glossary: ",
} as const;
export type ContactTopic = keyof typeof CONTACT_TOPICS;

export type ContactSubjectParam = ContactSubject | ContactTopic;

export function isContactSubjectParam(value: unknown): value is ContactSubjectParam {
  return typeof value === "string" && ((CONTACT_SUBJECTS as readonly string[]).includes(value) || Object.hasOwn(CONTACT_TOPICS, value));
}

export interface ContactSearch {
  subject?: ContactSubjectParam;
}

/** /contact's search params: a known subject or topic, anything else dropped. */
export function validateContactSearch(search: Record<string, unknown>): ContactSearch {
  // Always set: the router merges raw params under the result, so an omitted key would keep an unknown value.
  return { subject: isContactSubjectParam(search.subject) ? search.subject : undefined };
}

/** What the form starts with for a ?subject= value: the subject to select and the message's first line. */
export function contactPrefill(param: string | undefined): { subject: ContactSubject | ""; message: string } {
  if (!isContactSubjectParam(param)) return { subject: "", message: "" };
  if (Object.hasOwn(CONTACT_TOPICS, param)) return { subject: "other", message: CONTACT_TOPICS[param as ContactTopic] };
  return { subject: param as ContactSubject, message: "" };
}
