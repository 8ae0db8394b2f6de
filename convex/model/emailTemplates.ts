/**
 * The text rules of e-mail templates and campaign e-mails: {{variables}}, bare web links, and
 * the HTML part built from the plain text. Pure and free of server imports: the template editor
 * imports the same functions for its live preview.
 */
import { EMAIL_FIELD_MESSAGES } from "./messages";
import { TEMPLATE_VARIABLES, type TemplateVariable } from "./emailSystem";

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 20_000;

/** Anything in double braces, so a misspelt or spaced name is caught rather than sent as is. */
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

function isTemplateVariable(name: string): name is TemplateVariable {
  return Object.hasOwn(TEMPLATE_VARIABLES, name);
}

/** The distinct {{names}} in a text, in order of first use. */
export function templateVariables(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(VARIABLE), (match) => match[1] ?? ""))];
}

/** The {{names}} that are not template variables: refused before a template or campaign is saved. */
export function unknownVariables(text: string): string[] {
  return templateVariables(text).filter((name) => !isTemplateVariable(name));
}

/** Fills in the variables given a value; anything else is left as written, so a preview shows it. */
export function renderTemplate(text: string, values: Partial<Record<TemplateVariable, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) => (isTemplateVariable(name) ? (values[name] ?? whole) : whole));
}

// ---------------------------------------------------------------- links

/** Characters a bare link in prose stops at; trailing punctuation is the sentence's, not the link's. */
// http too: the embedded default's site runs on http://127.0.0.1, and its links are followed like any other.
const LINK = /https?:\/\/[^\s<>"'{}]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]'"]+$/;

type Segment = { kind: "text"; text: string } | { kind: "link"; url: string; /** Runs into a {{variable}}, so it differs per recipient. */ personal: boolean };

function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    const start = match.index;
    const end = start + url.length;
    if (!isWebUrl(url)) continue;
    if (start > at) out.push({ kind: "text", text: text.slice(at, start) });
    out.push({ kind: "link", url, personal: text.startsWith("{{", end) });
    at = end;
  }
  if (at < text.length) out.push({ kind: "text", text: text.slice(at) });
  return out;
}

function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * The distinct bare web links of a text, in order. A link that runs into a {{variable}} differs
 * per recipient, so it is left out: the click route only follows links every recipient got.
 */
export function linksIn(text: string): string[] {
  return [...new Set(segments(text).flatMap((segment) => (segment.kind === "link" && !segment.personal ? [segment.url] : [])))];
}

// ---------------------------------------------------------------- the e-mail

/** Who gets the e-mail, for its variables. */
export interface RecipientDetails {
  email: string;
  firstName: string;
  lastName: string;
  /** The member's tier label (e.g. "Clarity"); empty for newsletter subscribers. */
  tier: string;
}

/** A greeting must not read "Hi ," for a subscriber who left no name. */
const NAMELESS_FIRST_NAME = "there";

export function recipientValues(recipient: RecipientDetails, links: { siteUrl: string; unsubscribeUrl: string }): Record<TemplateVariable, string> {
  const fullName = [recipient.firstName, recipient.lastName].filter(Boolean).join(" ");
  return {
    firstName: recipient.firstName || NAMELESS_FIRST_NAME,
    lastName: recipient.lastName,
    fullName: fullName || NAMELESS_FIRST_NAME,
    email: recipient.email,
    tier: recipient.tier,
    siteUrl: links.siteUrl,
    unsubscribeUrl: links.unsubscribeUrl,
  };
}

/** "Maya Ortiz" → first and last name; a single word is a first name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

const EMAIL_FOOTER = {
  why: "You're receiving this because you subscribed to LWCC updates or have an LWCC account.",
  unsubscribe: "Unsubscribe",
} as const;

/** The plain-text part: the rendered body and a visible unsubscribe link. */
export function emailText(body: string, unsubscribeUrl: string, tracking?: { trackedLinks: readonly string[]; clickUrl: (link: string) => string }): string {
  const tracked = new Set(tracking?.trackedLinks ?? []);
  // Plain-text readers click too: their links go through the click route like the HTML part's.
  const text = segments(body.trimEnd())
    .map((segment) => (segment.kind === "text" ? segment.text : tracked.has(segment.url) ? tracking!.clickUrl(segment.url) : segment.url))
    .join("");
  return `${text}\n\n--\n${EMAIL_FOOTER.why}\n${EMAIL_FOOTER.unsubscribe}: ${unsubscribeUrl}\n`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const anchor = (href: string, label: string) => `<a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(label)}</a>`;

/**
 * The HTML part of a rendered body: every character escaped, paragraphs on blank lines, each
 * tracked link pointing to the click route (`clickUrl`) and any other link straight to itself,
 * a visible unsubscribe link, and the 1x1 open pixel last.
 */
export function emailHtml(
  body: string,
  options: { trackedLinks: readonly string[]; clickUrl: (link: string) => string; openPixelUrl: string; unsubscribeUrl: string },
): string {
  const tracked = new Set(options.trackedLinks);
  const paragraphs = body
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const html = segments(paragraph)
        .map((segment) => {
          if (segment.kind === "text") return escapeHtml(segment.text).replace(/\n/g, "<br>");
          return anchor(tracked.has(segment.url) ? options.clickUrl(segment.url) : segment.url, segment.url);
        })
        .join("");
      return `<p style="margin:0 0 16px">${html}</p>`;
    })
    .join("\n");
  const footer = `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(EMAIL_FOOTER.why)} ${anchor(options.unsubscribeUrl, EMAIL_FOOTER.unsubscribe)}</p>`;
  const pixel = `<img src="${escapeHtml(options.openPixelUrl)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  return `<!doctype html>\n<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111827">\n${paragraphs}\n${footer}\n${pixel}\n</body></html>\n`;
}

// ---------------------------------------------------------------- checking a template

export interface TemplateText {
  name: string;
  subject: string;
  body: string;
}

/**
 * What is wrong with a template's fields, by field (empty when nothing is), and whether any
 * problem is an unknown {{variable}}. Shared by templates and campaign versions.
 */
export function templateProblems(input: Partial<TemplateText>): { fields: Record<string, string>; unknownVariable: boolean } {
  const limits: Record<keyof TemplateText, number> = { name: TEMPLATE_NAME_MAX, subject: TEMPLATE_SUBJECT_MAX, body: TEMPLATE_BODY_MAX };
  const fields: Record<string, string> = {};
  let unknownVariable = false;
  for (const field of ["name", "subject", "body"] as const) {
    const value = input[field];
    if (value === undefined) continue;
    const unknown = field === "name" ? [] : unknownVariables(value);
    if (value.trim().length === 0) fields[field] = EMAIL_FIELD_MESSAGES.required;
    else if (value.length > limits[field]) fields[field] = EMAIL_FIELD_MESSAGES.tooLong(limits[field]);
    else if (unknown.length > 0) {
      fields[field] = EMAIL_FIELD_MESSAGES.unknownVariables(unknown);
      unknownVariable = true;
    }
  }
  return { fields, unknownVariable };
}
