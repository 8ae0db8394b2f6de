/**
 * The error-reporting tunnel's rules (POST /api/sentry-tunnel, SPEC §7): reading a Sentry envelope,
 * deciding whether it is ours, and turning its events into error records when no Sentry project is
 * configured. Pure, so every rule is tested without a backend.
 *
 * An envelope is newline-separated: the envelope header (JSON with dsn, event_id, sent_at), then for
 * each item its header (JSON with type and, optionally, the payload's length in bytes) and payload.
 * Payloads may be binary (replay recordings), so the envelope is read as bytes.
 */
import { errorCategoryValidator } from "../schema";
import { ERROR_SEVERITIES, type ErrorRecordInput } from "./errorRecords";
import { SYSTEM_ERROR_TEXTS } from "./messages";
import { LOCAL_SENTRY_DSN, RECORD_CONTEXT, RECORD_TAGS, scrub, scrubText } from "./observability";

const CATEGORIES = errorCategoryValidator.members.map((member) => member.value);

/** Longest stored texts: a report is a summary for admins, the browser's console has the rest. */
const MAX = { code: 100, title: 200, message: 2_000, details: 2_000, contextValue: 500 } as const;
/** Stack frames kept in the details, innermost first. */
const STACK_FRAMES = 5;
/** A reference is the support code shown to the member: short letters, digits and dashes. */
const REFERENCE = /^[A-Za-z0-9-]{4,64}$/;
/** A report's own time is kept unless it is in the future or older than this (a wrong clock). */
const MAX_REPORT_AGE_MS = 7 * 24 * 60 * 60_000;

export interface EnvelopeItem {
  type: string;
  payload: Uint8Array;
}

export interface Envelope {
  dsn: string | undefined;
  eventId: string | undefined;
  items: EnvelopeItem[];
}

const NEWLINE = 0x0a;
const decoder = new TextDecoder("utf-8", { fatal: true });

function jsonObject(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(decoder.decode(bytes));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The envelope's header and items, or null when it is not a well-formed envelope. */
export function parseEnvelope(body: Uint8Array): Envelope | null {
  let at = 0;
  const line = () => {
    const end = body.indexOf(NEWLINE, at);
    const bytes = body.subarray(at, end === -1 ? body.length : end);
    at = end === -1 ? body.length : end + 1;
    return bytes;
  };
  const header = jsonObject(line());
  if (!header) return null;
  const items: EnvelopeItem[] = [];
  while (at < body.length) {
    const itemHeaderLine = line();
    // A trailing newline (or blank line) between items is allowed.
    if (itemHeaderLine.length === 0) continue;
    const itemHeader = jsonObject(itemHeaderLine);
    if (!itemHeader || typeof itemHeader.type !== "string") return null;
    const { length } = itemHeader;
    let payload: Uint8Array;
    if (length === undefined) payload = line();
    else {
      if (typeof length !== "number" || !Number.isInteger(length) || length < 0 || at + length > body.length) return null;
      payload = body.subarray(at, at + length);
      at += length;
      // The payload of a length-prefixed item may be followed by a newline.
      if (body[at] === NEWLINE) at++;
    }
    items.push({ type: itemHeader.type, payload });
  }
  const { dsn, event_id: eventId } = header;
  if ((dsn !== undefined && typeof dsn !== "string") || (eventId !== undefined && typeof eventId !== "string")) return null;
  return { dsn, eventId, items };
}

export interface Dsn {
  host: string;
  projectId: string;
}

/** A DSN's host (with port) and project, or null when it is not a DSN (https://<key>@<host>/<project>). */
export function parseDsn(dsn: string): Dsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  const projectId = url.pathname.split("/").filter(Boolean).at(-1);
  if (!url.username || !projectId || !/^\d+$/.test(projectId) || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  return { host: url.host, projectId };
}

/**
 * Where an envelope goes: with SENTRY_DSN configured, only that project's envelopes, forwarded to
 * its envelope endpoint (the tunnel is never an open relay); without it, only the local DSN's, kept
 * here. Anything else is not ours (null).
 */
export function envelopeDestination(envelopeDsn: string | undefined, configuredDsn: string | undefined): { forwardTo: string } | "local" | null {
  const ours = parseDsn(configuredDsn || LOCAL_SENTRY_DSN);
  const theirs = envelopeDsn === undefined ? null : parseDsn(envelopeDsn);
  if (!ours || !theirs || ours.host !== theirs.host || ours.projectId !== theirs.projectId) return null;
  if (!configuredDsn) return "local";
  const { protocol } = new URL(configuredDsn);
  return { forwardTo: `${protocol}//${ours.host}/api/${ours.projectId}/envelope/` };
}

/** Reads at most `max` bytes of the body; null when it says or turns out to be longer (the rest is never read). */
export async function readBodyCapped(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The error record of a stored report: everything but the service, which the tunnel sets. */
export type BrowserReport = Omit<ErrorRecordInput, "service" | "userId" | "recovery">;

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});
const asString = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const clean = (text: string, max: number) => clip(scrubText(text), max);

/** Sentry's tags come as an object or as [key, value] pairs. */
function tagsOf(event: Json): Record<string, string> {
  const tags = event.tags;
  const pairs = Array.isArray(tags) ? tags.filter((pair): pair is [string, unknown] => Array.isArray(pair) && typeof pair[0] === "string") : Object.entries(asObject(tags));
  return Object.fromEntries(pairs.flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])));
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

/** The path of a URL, without its query string or fragment (which may carry tokens). */
function pathOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).pathname;
  } catch {
    return url.split(/[?#]/)[0];
  }
}

/** Sentry's timestamp is seconds since the epoch (a number) or an RFC 3339 string. */
function timestampOf(value: unknown, now: number): number {
  const at = typeof value === "number" ? value * 1000 : typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isFinite(at) && at <= now && at >= now - MAX_REPORT_AGE_MS ? Math.round(at) : now;
}

/** The innermost frames of the outermost exception, one line each, file paths without query strings. */
function stackSummary(exception: Json): string | undefined {
  const frames = asObject(exception.stacktrace).frames;
  if (!Array.isArray(frames) || frames.length === 0) return undefined;
  return frames
    .slice(-STACK_FRAMES)
    .reverse()
    .map((frame) => {
      const { function: fn, filename, abs_path: absPath, lineno, colno } = asObject(frame);
      const file = pathOf(asString(filename) ?? asString(absPath)) ?? "?";
      const position = [file, ...[lineno, colno].filter((part): part is number => typeof part === "number")].join(":");
      return `at ${asString(fn) ?? "<anonymous>"} (${position})`;
    })
    .join("\n");
}

/** An `event` item's payload as the error record to keep, secrets removed; null when it is not an event object. */
export function eventToReport(payload: Uint8Array, now: number): BrowserReport | null {
  const raw = jsonObject(payload);
  if (!raw) return null;
  const event = asObject(scrub(raw));
  const tags = tagsOf(event);
  const record = asObject(asObject(event.contexts)[RECORD_CONTEXT]);
  const exceptions = asObject(event.exception).values;
  // Sentry lists chained exceptions innermost cause first: the last is the one thrown.
  const exception = Array.isArray(exceptions) ? asObject(exceptions.at(-1)) : {};
  const logentry = asObject(event.logentry);
  const message =
    asString(record.message) ??
    asString(exception.value) ??
    asString(event.message) ??
    asString(asObject(event.message).formatted) ??
    asString(logentry.formatted) ??
    asString(logentry.message) ??
    SYSTEM_ERROR_TEXTS.BROWSER_ERROR.message;
  const title = asString(record.title) ?? asString(exception.type) ?? SYSTEM_ERROR_TEXTS.BROWSER_ERROR.title;
  const request = asObject(event.request);
  const context = Object.fromEntries(
    Object.entries({
      route: asString(tags.route) ?? asString(event.transaction),
      path: pathOf(asString(request.url)),
      release: asString(event.release),
      environment: asString(event.environment),
      browser: asString(tags.browser),
    }).flatMap(([key, value]) => (value === undefined ? [] : [[key, clean(value, MAX.contextValue)]])),
  );
  const reference = asString(tags[RECORD_TAGS.reference]);
  const details = stackSummary(exception);
  return {
    category: oneOf(CATEGORIES, tags[RECORD_TAGS.category], "unknown"),
    severity: oneOf(ERROR_SEVERITIES, tags[RECORD_TAGS.severity], "medium"),
    code: clean(asString(tags[RECORD_TAGS.code]) ?? asString(exception.type) ?? SYSTEM_ERROR_TEXTS.BROWSER_ERROR.code, MAX.code),
    title: clean(title, MAX.title),
    message: clean(message, MAX.message),
    ...(details ? { details: clean(details, MAX.details) } : {}),
    context,
    reported: false,
    timestamp: timestampOf(event.timestamp, now),
    ...(reference && REFERENCE.test(reference) ? { reference } : {}),
  };
}

/**
 * The error records an envelope carries, one per `event` item; every other item type (transaction,
 * replay, session, client report) is dropped. Null when an event is not a JSON object.
 */
export function envelopeReports(envelope: Envelope, now: number): BrowserReport[] | null {
  const reports: BrowserReport[] = [];
  for (const item of envelope.items) {
    if (item.type !== "event") continue;
    const report = eventToReport(item.payload, now);
    if (!report) return null;
    reports.push(report);
  }
  return reports;
}
