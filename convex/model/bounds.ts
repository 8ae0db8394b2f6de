/**
 * Input bounds, defined once: the limits every argument of a public function lives within, the
 * character rules for text, the messages a refusal carries, and the validators that carry them.
 *
 * Convex validators check types only. Each builder here returns a plain Convex validator and
 * records its rule in a registry, and the wrappers of convex/functions.ts check a call's
 * arguments against those rules before the handler runs (`boundsViolations`). A test walks every
 * public function's `args` and fails on a string, number, array or record without a rule
 * (`unboundedPaths`), so a new function cannot forget its bounds.
 *
 * Pure: the web forms import the same limits, character checks and messages, so the browser and
 * the server refuse with the same words.
 */
import { v, type GenericValidator, type PropertyValidators, type Validator, type VArray, type VFloat64, type VString } from "convex/values";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The times any argument may name, in UTC epoch ms: far from the edges of a JavaScript Date (±8.64e15). */
export const TIME_MIN = Date.UTC(2000, 0, 1);
export const TIME_MAX = Date.UTC(2100, 0, 1);

/** Limits shared by many functions; a feature's own limits live with its rules and are passed to the builders. */
export const LIMITS = {
  /** A person's first, last or full name. */
  name: 100,
  email: 254,
  /** An IANA time zone name ("America/Argentina/ComodRivadavia" is among the longest). */
  timezone: 64,
  /** A document id passed as text, or a Stripe id. */
  id: 64,
  /** Opaque machine strings: signed tokens, pagination cursors, idempotency keys. */
  token: 2048,
  /** A page's slug in its URL. */
  slug: 200,
  /** A URL or an in-app path. */
  url: 2048,
  /** Short codes and keys: a tier, a billing cycle, a support reference, a service name. */
  code: 64,
  /** A calendar date "YYYY-MM-DD", a clock time "HH:MM" or a timestamp "MM:SS", as text. */
  dateText: 10,
  /** A version number of something saved again and again (a form). */
  version: 1_000_000,
  /** How many of one thing an order may hold. */
  quantity: 10_000,
  /** Rows one page of a paginated list may ask for. */
  pageItems: 200,
  /** A number of minutes: a week. */
  minutes: 7 * 24 * 60,
} as const;

/** What a refusal says, beside the field it names (ConvexError INVALID_INPUT, `fields[path]`). */
export const BOUND_MESSAGES = {
  tooLong: (max: number) => `Use at most ${formatCount(max)} characters.`,
  lineCharacters: "Use one line of plain text: no line breaks, tabs, or invisible or text-direction characters.",
  textCharacters: "Remove the invisible or text-direction characters (such as a zero-width space or a right-to-left override).",
  tokenCharacters: "This value can only have letters, digits and punctuation, without spaces.",
  tooMany: (max: number) => `Use at most ${formatCount(max)} entries.`,
  number: (min: number, max: number) => `Enter a number from ${formatCount(min)} to ${formatCount(max)}.`,
  wholeNumber: (min: number, max: number) => `Enter a whole number from ${formatCount(min)} to ${formatCount(max)}.`,
  time: "Pick a time between the years 2000 and 2099.",
  rangeOrder: "The end must come after the start.",
  rangeTooLong: (days: number) => `Pick a range of up to ${days} days.`,
} as const;

function formatCount(n: number): string {
  return n.toLocaleString("en-US");
}

// ---------------------------------------------------------------------------------------------
// Character rules

/** C0 and C1 control characters, and the Unicode line and paragraph separators. */
const CONTROLS = "\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029";
/** The same, less tab, line feed and carriage return, which multi-line text may hold. */
const TEXT_CONTROLS = "\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u2028\\u2029";
/** Bidi embeddings, overrides and isolates: they reorder what follows, so text reads other than it is. */
const BIDI_OVERRIDES = "\\u202A-\\u202E\\u2066-\\u2069";
/** Bidi marks: invisible, and in a name or a title only good for making two strings look alike. */
const BIDI_MARKS = "\\u061C\\u200E\\u200F";
/**
 * Zero-width and blank-looking characters: zero-width space and non-joiner, word joiner and the
 * invisible operators, byte order mark, soft hyphen, Mongolian vowel separator, and the Hangul
 * fillers that render as nothing.
 */
const INVISIBLES = "\\u00AD\\u115F\\u1160\\u180E\\u200B\\u200C\\u2060-\\u2064\\u3164\\uFEFF\\uFFA0";
/** The combining grapheme joiner, invisible too; outside the class, since it combines with what precedes it. */
const JOINER_MARK = "\\u034F";

const LINE_REFUSED = new RegExp(`[${CONTROLS}${BIDI_OVERRIDES}${BIDI_MARKS}${INVISIBLES}]|${JOINER_MARK}`, "u");
const TEXT_REFUSED = new RegExp(`[${TEXT_CONTROLS}${BIDI_OVERRIDES}${INVISIBLES}]|${JOINER_MARK}`, "u");
/** A zero-width joiner that does not join two emoji (👩‍💻 keeps its joiner; one between two letters does not). */
const STRAY_JOINER = /(?<!\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\uFE0F)\u200D|\u200D(?!\p{Extended_Pictographic})/u;
/** Printable ASCII without space: what ids, tokens, codes, dates and URLs are written in. */
const TOKEN = /^[\x21-\x7E]*$/;

export type TextKind = "line" | "text" | "token";

/** Whether `value` keeps the character rule of `kind`: a single line of text, multi-line text, or a machine token. */
export function hasAllowedCharacters(value: string, kind: TextKind): boolean {
  switch (kind) {
    case "token":
      return TOKEN.test(value);
    case "line":
      return !LINE_REFUSED.test(value) && !STRAY_JOINER.test(value);
    case "text":
      return !TEXT_REFUSED.test(value) && !STRAY_JOINER.test(value);
  }
}

const CHARACTER_MESSAGES: Record<TextKind, string> = {
  line: BOUND_MESSAGES.lineCharacters,
  text: BOUND_MESSAGES.textCharacters,
  token: BOUND_MESSAGES.tokenCharacters,
};

/**
 * Whether `value` has more than `max` characters (code points, as people count them; an emoji is
 * one). Without building an array, so a hostile megabyte costs nothing.
 */
export function isLongerThan(value: string, max: number): boolean {
  if (value.length <= max) return false;
  if (value.length > 2 * max) return true;
  let count = 0;
  for (const _ of value) if (++count > max) return true;
  return false;
}

/** Puts `problem` on `field` of a form's errors when there is one: `keepProblem(errors, "name", textProblem(...))`. */
export function keepProblem(errors: Record<string, string>, field: string, problem: string | null) {
  if (problem) errors[field] = problem;
}

/** The message for a number outside `min` to `max` (or not whole, when it must be), or null when it is fine. */
export function numberProblem(value: number, min: number, max: number, integer: boolean): string | null {
  if (Number.isFinite(value) && value >= min && value <= max && (!integer || Number.isInteger(value))) return null;
  return integer ? BOUND_MESSAGES.wholeNumber(min, max) : BOUND_MESSAGES.number(min, max);
}

/** The message for `value` as a field of `kind` at most `max` characters long, or null when it is fine; for the forms. */
export function textProblem(value: string, kind: TextKind, max: number, tooLong: string = BOUND_MESSAGES.tooLong(max)): string | null {
  if (isLongerThan(value, max)) return tooLong;
  return hasAllowedCharacters(value, kind) ? null : CHARACTER_MESSAGES[kind];
}

const LINE_BREAKS = /[\t\n\r\u2028\u2029]+/gu;
const REMOVABLE = new RegExp(`[${CONTROLS}${BIDI_OVERRIDES}${BIDI_MARKS}${INVISIBLES}]|${JOINER_MARK}|\\u200D`, "gu");

/**
 * `value` as one line of plain text: line breaks and tabs become spaces, other control,
 * invisible and text-direction characters are dropped. For text the backend receives from
 * elsewhere (an identity provider's name claims), which it cannot refuse.
 */
export function toPlainLine(value: string): string {
  return value
    .replace(LINE_BREAKS, " ")
    .replace(REMOVABLE, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Rules and the validators that carry them

type Rule =
  | { kind: "string"; text: TextKind; max: number; tooLong?: string }
  | { kind: "number"; min: number; max: number; integer: boolean }
  | { kind: "time"; after?: { field: string; maxMs: number } }
  | { kind: "array"; max: number; tooMany?: string };

const RULES = new WeakMap<object, Rule>();

/**
 * Records `rule` for `validator`. `v.optional(x)` and `.partial()` make a new validator through
 * `asOptional()`, so the copy is given the same rule.
 */
function bound<V extends GenericValidator>(validator: V, rule: Rule): V {
  RULES.set(validator, rule);
  // The class's own optional() makes the copy; asOptional() calls it through `this`.
  const optional = (validator as unknown as { optional(): V }).optional.bind(validator);
  const keep = () => bound(optional(), rule);
  Object.defineProperty(validator, "asOptional", { value: keep });
  Object.defineProperty(validator, "optional", { value: keep });
  return validator;
}

/**
 * One line of text of at most `max` characters: names, titles, subjects, search words. No line
 * breaks. `tooLong` replaces the standard message where the feature has its own words.
 */
export function line(max: number, tooLong?: string): VString {
  return bound(v.string(), { kind: "string", text: "line", max, ...(tooLong ? { tooLong } : {}) });
}

/** Multi-line text of at most `max` characters: messages, descriptions, notes, posts. */
export function text(max: number, tooLong?: string): VString {
  return bound(v.string(), { kind: "string", text: "text", max, ...(tooLong ? { tooLong } : {}) });
}

/** A machine string at most `max` long (printable ASCII, no spaces): ids as text, tokens, codes, dates, URLs. */
export function token(max: number = LIMITS.token): VString {
  return bound(v.string(), { kind: "string", text: "token", max });
}

/** A finite number from `min` to `max`. */
export function number(min: number, max: number): VFloat64 {
  return bound(v.number(), { kind: "number", min, max, integer: false });
}

/** A whole number from `min` to `max`. */
export function int(min: number, max: number): VFloat64 {
  return bound(v.number(), { kind: "number", min, max, integer: true });
}

/** A time in whole UTC epoch ms from TIME_MIN to TIME_MAX. */
export function time(): VFloat64 {
  return bound(v.number(), { kind: "time" });
}

/** A time like `time()`, after the sibling argument `field` and at most `maxDays` days after it. */
export function timeAfter(field: string, maxDays: number): VFloat64 {
  return bound(v.number(), { kind: "time", after: { field, maxMs: maxDays * DAY_MS } });
}

/** An array of at most `max` elements, each checked by `element`'s own rule; `tooMany` as in `line`. */
export function array<E extends Validator<unknown, "required", string>>(element: E, max: number, tooMany?: string): VArray<E["type"][], E> {
  return bound(v.array(element), { kind: "array", max, ...(tooMany ? { tooMany } : {}) });
}

/** Convex's paginationOptsValidator, bounded: at most LIMITS.pageItems rows a page, cursors as tokens. */
export const paginationOpts = v.object({
  numItems: int(1, LIMITS.pageItems),
  cursor: v.union(token(), v.null()),
  endCursor: v.optional(v.union(token(), v.null())),
  id: v.optional(int(0, Number.MAX_SAFE_INTEGER)),
  maximumRowsRead: v.optional(int(1, 100_000)),
  maximumBytesRead: v.optional(int(1, 64 * 1024 * 1024)),
});

// ---------------------------------------------------------------------------------------------
// Checking values, and finding what has no bound

export interface Violation {
  /** The argument, as a dotted path for nested ones ("lines.2.quantity"). */
  path: string;
  message: string;
}

type Args = PropertyValidators | GenericValidator;

function isValidator(args: Args): args is GenericValidator {
  return (args as { isConvexValidator?: unknown }).isConvexValidator === true;
}

const join = (path: string, key: string | number) => (path === "" ? String(key) : `${path}.${key}`);

function ruleMessage(rule: Rule, value: unknown, parent: Record<string, unknown> | undefined): string | null {
  switch (rule.kind) {
    case "string": {
      return typeof value === "string" ? textProblem(value, rule.text, rule.max, rule.tooLong) : null;
    }
    case "number":
      return typeof value === "number" ? numberProblem(value, rule.min, rule.max, rule.integer) : null;
    case "time": {
      if (typeof value !== "number") return null;
      if (!Number.isInteger(value) || value < TIME_MIN || value >= TIME_MAX) return BOUND_MESSAGES.time;
      const start = rule.after ? parent?.[rule.after.field] : undefined;
      if (typeof start !== "number") return null;
      if (value <= start) return BOUND_MESSAGES.rangeOrder;
      return value - start > rule.after!.maxMs ? BOUND_MESSAGES.rangeTooLong(rule.after!.maxMs / DAY_MS) : null;
    }
    case "array":
      return Array.isArray(value) && value.length > rule.max ? (rule.tooMany ?? BOUND_MESSAGES.tooMany(rule.max)) : null;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof ArrayBuffer);
}

/** Whether `value` has the shape of `validator` (types only), to tell which member of a union it is. */
function conforms(validator: GenericValidator, value: unknown): boolean {
  switch (validator.kind) {
    case "string":
    case "id":
      return typeof value === "string";
    case "float64":
      return typeof value === "number";
    case "int64":
      return typeof value === "bigint";
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "literal":
      return value === validator.value;
    case "bytes":
      return value instanceof ArrayBuffer;
    case "any":
      return true;
    case "array":
      return Array.isArray(value) && value.every((element) => conforms(validator.element, element));
    case "record":
      return isPlainObject(value);
    case "union":
      return validator.members.some((member) => conforms(member, value));
    case "object": {
      if (!isPlainObject(value)) return false;
      const fields = validator.fields as Record<string, GenericValidator>;
      if (Object.keys(value).some((key) => value[key] !== undefined && !(key in fields))) return false;
      return Object.entries(fields).every(([key, field]) =>
        value[key] === undefined ? field.isOptional === "optional" : conforms(field, value[key]),
      );
    }
    default:
      return false;
  }
}

function violationIn(validator: GenericValidator, value: unknown, path: string, parent?: Record<string, unknown>): Violation | null {
  const rule = RULES.get(validator);
  const message = rule ? ruleMessage(rule, value, parent) : null;
  if (message) return { path, message };
  switch (validator.kind) {
    case "object":
      return isPlainObject(value) ? fieldsViolation(validator.fields as Record<string, GenericValidator>, value, path) : null;
    case "array": {
      if (!Array.isArray(value)) return null;
      for (const [index, element] of value.entries()) {
        const found = violationIn(validator.element, element, join(path, index));
        if (found) return found;
      }
      return null;
    }
    case "record": {
      if (!isPlainObject(value)) return null;
      for (const [key, entry] of Object.entries(value)) {
        const found = violationIn(validator.key, key, join(path, key)) ?? violationIn(validator.value, entry, join(path, key));
        if (found) return found;
      }
      return null;
    }
    case "union": {
      let first: Violation | null = null;
      for (const member of validator.members) {
        if (!conforms(member, value)) continue;
        const found = violationIn(member, value, path, parent);
        if (!found) return null;
        first ??= found;
      }
      return first;
    }
    default:
      return null;
  }
}

function fieldsViolation(fields: Record<string, GenericValidator>, value: Record<string, unknown>, path: string): Violation | null {
  for (const [key, field] of Object.entries(fields)) {
    if (value[key] === undefined) continue;
    const found = violationIn(field, value[key], join(path, key), value);
    if (found) return found;
  }
  return null;
}

/**
 * The arguments of `value` outside their bounds under `args` (a function's `args`): the first
 * problem in each top-level argument, so a form hears of every field at once. Empty when all fit.
 */
export function boundsViolations(args: Args, value: unknown): Violation[] {
  if (!isPlainObject(value)) return [];
  const fields = isValidator(args) ? (args.kind === "object" ? (args.fields as Record<string, GenericValidator>) : null) : (args as Record<string, GenericValidator>);
  if (!fields) {
    const found = violationIn(args as GenericValidator, value, "");
    return found ? [found] : [];
  }
  return Object.entries(fields).flatMap(([key, field]) => {
    const found = value[key] === undefined ? null : violationIn(field, value[key], key, value);
    return found ? [found] : [];
  });
}

const NEEDS_RULE = new Set(["string", "float64", "int64", "bytes", "any", "array", "record"]);

/**
 * The paths under `args` that take a string, number, array or record (or anything, `v.any()`)
 * with no bound: every one is a way around the limits. Ids, literals, booleans and null need none.
 */
export function unboundedPaths(args: Args): string[] {
  const found: string[] = [];
  const walk = (validator: GenericValidator, path: string) => {
    if (NEEDS_RULE.has(validator.kind) && !RULES.has(validator)) found.push(path || "(arguments)");
    switch (validator.kind) {
      case "object":
        for (const [key, field] of Object.entries(validator.fields as Record<string, GenericValidator>)) walk(field, join(path, key));
        break;
      case "array":
        walk(validator.element, join(path, "[]"));
        break;
      case "record":
        walk(validator.key, join(path, "{key}"));
        walk(validator.value, join(path, "{value}"));
        break;
      case "union":
        validator.members.forEach((member, index) => walk(member, join(path, `|${index}`)));
        break;
    }
  };
  if (isValidator(args)) walk(args, "");
  else for (const [key, field] of Object.entries(args as Record<string, GenericValidator>)) walk(field, key);
  return found;
}

/** The builders, for `args`: `title: bounded.line(TITLE_MAX)`. */
export const bounded = { line, text, token, number, int, time, timeAfter, array, paginationOpts } as const;
