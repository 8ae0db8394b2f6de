/** The contact form of SPEC §5: fields, limits, checks and texts, shared by server and page. */
import { BOUND_MESSAGES, keepProblem, LIMITS, textProblem } from "./bounds";
import { CONTACT_SUBJECTS, type ContactSubject } from "./contactSubjects";

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  consultation: "Free consultation",
  course: "Courses",
  support: "Support",
  other: "Something else",
};

export const CONTACT_TEXT = {
  requiredNote: "Required fields",
  responseNote: "I'll respond within 24 hours",
  sent: "Thanks, your message is on its way. I'll respond within 24 hours.",
} as const;

/** Public form answers the backend gives in words (newsletter and event registration). */
export const FORM_MESSAGES = {
  busy: "Lots of people are signing up right now. Please try again in a minute.",
  noSuchEvent: "We couldn't find that event.",
} as const;

export const CONTACT_LIMITS = { name: LIMITS.name, email: LIMITS.email, message: 5000 } as const;

export const FIELD_ERRORS = {
  nameRequired: "Enter your name.",
  emailRequired: "Enter your email address.",
  emailInvalid: "Enter a valid email address.",
  messageRequired: "Write a message.",
  tooLong: BOUND_MESSAGES.tooLong,
} as const;

/** Deliberately simple: one @, something on both sides, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

export interface ContactInput {
  name: string;
  email: string;
  subject?: string;
  message: string;
}

/** Field errors for a contact message (empty when it is fine), the same on both sides. */
export function contactErrors(input: ContactInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  const email = input.email.trim();
  const message = input.message.trim();
  if (!name) errors.name = FIELD_ERRORS.nameRequired;
  else keepProblem(errors, "name", textProblem(name, "line", CONTACT_LIMITS.name));
  if (!email) errors.email = FIELD_ERRORS.emailRequired;
  else if (email.length > CONTACT_LIMITS.email || !isEmail(email)) errors.email = FIELD_ERRORS.emailInvalid;
  if (!message) errors.message = FIELD_ERRORS.messageRequired;
  else keepProblem(errors, "message", textProblem(message, "text", CONTACT_LIMITS.message));
  if (input.subject && !(CONTACT_SUBJECTS as readonly string[]).includes(input.subject)) errors.subject = "Choose one of the listed subjects.";
  return errors;
}

/** Newsletter sign-up (SPEC §5): name and email required. */
export function newsletterErrors(input: { name: string; email: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  const email = input.email.trim();
  if (!name) errors.name = FIELD_ERRORS.nameRequired;
  else keepProblem(errors, "name", textProblem(name, "line", CONTACT_LIMITS.name));
  if (!email) errors.email = FIELD_ERRORS.emailRequired;
  else if (email.length > CONTACT_LIMITS.email || !isEmail(email)) errors.email = FIELD_ERRORS.emailInvalid;
  return errors;
}
