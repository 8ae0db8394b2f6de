/**
 * Property-based tests: every public query, mutation and action gets extreme and malformed
 * arguments, generated from its exported validator (`exportArgs()`): numbers past the range of a
 * Date, NaN and Infinity, huge and negative values, very long strings, control, text-direction
 * and zero-width characters, huge arrays, wrong types and ids that are malformed or not the
 * caller's, mixed with plausible values. Called anonymously and by a role allowed to call it, each
 * must answer within 1 s with a result or a clear error (a ConvexError with a code and a message,
 * or Convex's argument validation), and a refused call must leave every table as it was.
 */
import { fc, test as fcTest } from "@fast-check/vitest";
import { ConvexError } from "convex/values";
import { afterAll, beforeAll, describe, expect, vi } from "vitest";
import { stripeMock } from "../tests/mocks/stripe";
import { api, internal } from "./_generated/api";
import type { Id, TableNames } from "./_generated/dataModel";
import { forumNameKey } from "./model/forumNames";
import type { AccessLevel } from "./model/permissions";
import schema from "./schema";
import { call, publicFunctions, type PublicFunction } from "./test.functions";
import { insertSession, uploadedFile } from "./test.sessions";
import { newConvexTest } from "./test.setup";
import { caller, type Accessor, type CallerName, type T } from "./test.users";

/** Runs per function; each run is one call by one caller. Tuned to keep the whole file to a few minutes on two cores. */
const RUNS = 30;
/** What a call may take to answer (Convex stops a query or mutation after 1 s). */
const ANSWER_MS = 1000;
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();

// ---------------------------------------------------------------------------------------------
// Arguments, from Convex's exported validator JSON

type ValidatorJson =
  | { type: "string" | "number" | "bigint" | "boolean" | "null" | "any" | "bytes" }
  | { type: "literal"; value: unknown }
  | { type: "id"; tableName: string }
  | { type: "array"; value: ValidatorJson }
  | { type: "object"; value: Record<string, { fieldType: ValidatorJson; optional: boolean }> }
  | { type: "record"; keys: ValidatorJson; values: { fieldType: ValidatorJson } }
  | { type: "union"; value: ValidatorJson[] };

/** A document of `table` in the world (the n-th, wrapping), resolved when the call is made. */
class IdRef {
  constructor(
    readonly table: string | null,
    readonly n: number,
  ) {}
  [fc.toStringMethod]() {
    return `<${this.table ?? "any"} #${this.n}>`;
  }
}

/** A text repeated, made when the call is made, and printed short in a counterexample. */
class Repeated {
  constructor(
    readonly text: string,
    readonly times: number,
  ) {}
  [fc.toStringMethod]() {
    return `${JSON.stringify(this.text)} × ${this.times}`;
  }
}

/** HUGE copies of one element, made when the call is made, and printed short in a counterexample. */
const HUGE = 1000;
class HugeArray {
  constructor(readonly element: unknown) {}
  [fc.toStringMethod]() {
    return `[${HUGE} × ${fc.stringify(this.element)}]`;
  }
}

const HOSTILE_NUMBERS = [
  8_640_000_000_000_001,
  -8_640_000_000_000_001,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e308,
  -1e308,
  -500,
  -1,
  0.5,
  -0,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
];

const HOSTILE_STRINGS: unknown[] = [
  "",
  "   ",
  new Repeated("x", 100_000),
  new Repeated("👩‍💻", 5_000),
  "Maya\u202Egnp.exe",
  "\u2066Maya\u2069",
  "ad\u200Bmin",
  "\uFEFFhello",
  "line one\r\nBcc: everyone@example.com",
  "tab\there",
  "nul\u0000byte",
  "\u001B[31mred",
  "lone \uD800 surrogate",
  "<script>alert(1)</script>",
  "'; DROP TABLE users; --",
  "../../etc/passwd",
  "javascript:alert(1)",
  "{{firstName}}",
  "C\u043Each C\u043Era",
];

const PLAUSIBLE_STRINGS = [
  "Plan the week",
  "Maya Ortiz",
  "maya@example.com",
  "coach@example.com",
  "2026-03-10",
  "09:00",
  "17:30",
  "12:05",
  "UTC",
  "Europe/Berlin",
  "control",
  "monthly",
  "premium",
  "support",
  "/dashboard",
  "https://lwcc.example/dashboard",
  "focus-lab",
  "interests",
  "idem-key-12345678",
  "LW-7K2Q-9XTA",
];

function plausibleNumber() {
  return fc.oneof(
    fc.integer({ min: 0, max: 200 }),
    fc.constantFrom(20, 30, 60, 90, 120),
    fc.integer({ min: -20, max: 60 }).map((halfHours) => Math.floor(NOW / (30 * 60_000)) * 30 * 60_000 + halfHours * 30 * 60_000 + DAY),
    fc.integer({ min: -100, max: 100 }).map((days) => NOW + days * DAY),
  );
}

/** Values of the wrong type for any slot: Convex's own validation must refuse them. */
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.constant({ unexpected: true }),
  fc.constant([1, "two"]),
);

function arbitraryFor(json: ValidatorJson): fc.Arbitrary<unknown> {
  const typed = typedArbitrary(json);
  return fc.oneof({ weight: 12, arbitrary: typed }, { weight: 1, arbitrary: wrongType });
}

/**
 * Values of the validator's type. `small` keeps them short (plausible strings, no huge arrays) for
 * the elements of a huge array, whose size is the point: a thousand copies of a 100,000-character
 * string would test the test machine's memory instead.
 */
function typedArbitrary(json: ValidatorJson, small = false): fc.Arbitrary<unknown> {
  switch (json.type) {
    case "string":
      if (small) return fc.oneof(fc.constantFrom(...PLAUSIBLE_STRINGS), fc.nat(30).map((n) => new IdRef(null, n)));
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE_STRINGS) },
        { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
        { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: "binary" }) },
        { weight: 1, arbitrary: fc.nat(30).map((n) => new IdRef(null, n)) },
      );
    case "number":
      if (small) return plausibleNumber();
      return fc.oneof({ weight: 3, arbitrary: plausibleNumber() }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) }, { weight: 1, arbitrary: fc.double() });
    case "bigint":
      return fc.bigInt();
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "any":
      return fc.jsonValue({ maxDepth: 2 });
    case "bytes":
      return fc.constant(new ArrayBuffer(8));
    case "literal":
      return fc.constant(json.value);
    case "id":
      return fc.oneof(
        { weight: 4, arbitrary: fc.nat(6).map((n) => new IdRef(json.tableName, n)) },
        { weight: 1, arbitrary: fc.nat(30).map((n) => new IdRef(null, n)) },
        { weight: 1, arbitrary: fc.constantFrom<unknown>("not-an-id", "", "99999;users", new Repeated("9", 10_000), "1e308") },
      );
    case "array": {
      const element = typedArbitrary(json.value, small);
      if (small) return fc.array(element, { maxLength: 2 });
      const huge = typedArbitrary(json.value, true).map((value) => new HugeArray(value));
      return fc.oneof({ weight: 4, arbitrary: fc.array(element, { maxLength: 4 }) }, { weight: 1, arbitrary: huge });
    }
    case "object": {
      const fields = Object.fromEntries(
        Object.entries(json.value).map(([key, field]) => [key, small ? typedArbitrary(field.fieldType, true) : arbitraryFor(field.fieldType)]),
      );
      const required = Object.entries(json.value)
        .filter(([, field]) => !field.optional)
        .map(([key]) => key);
      const record = fc.record(fields, { requiredKeys: required });
      return fc.oneof({ weight: 8, arbitrary: record }, { weight: 1, arbitrary: record.map((value) => ({ ...value, unexpectedField: 1 })) });
    }
    case "record":
      return fc.dictionary(fc.string({ maxLength: 10 }), typedArbitrary(json.values.fieldType, small), { maxKeys: 4 });
    case "union":
      return fc.oneof(...json.value.map((member) => typedArbitrary(member, small)));
  }
}

// ---------------------------------------------------------------------------------------------
// The world each function is called in

interface World {
  t: T;
  callers: Record<CallerName, Accessor>;
  /** Every document id by table (system tables too), for IdRef. */
  ids: Map<string, string[]>;
}

const TABLES = Object.keys(schema.tables) as TableNames[];

/** A small practice: a person per role, a coach with hours, sessions, items, posts, templates and the rest. */
async function buildWorld(): Promise<World> {
  const t = newConvexTest();
  const callers = {} as Record<CallerName, Accessor>;
  const people = {} as Record<Exclude<CallerName, "anonymous">, Id<"users">>;
  for (const name of ["anonymous", "guest_temporary", "guest_confirmed", "client", "coach", "admin"] as const) {
    const person = await caller(t, name);
    callers[name] = person.as;
    if (name !== "anonymous") people[name] = person.id!;
  }
  const { client, coach, admin } = people;
  await t.run(async (ctx) => {
    for (const id of [client, coach, admin]) {
      const forumName = `Member ${id.slice(-6)}`;
      await ctx.db.patch("users", id, { forumMember: true, forumName, forumNameKey: forumNameKey(forumName) });
    }
    const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
    await ctx.db.insert("availability", { coachId: coach, timezone: "UTC", weekly, exceptions: [], updatedAt: NOW });
    await ctx.db.insert("contactMessages", { name: "A", email: "a@example.com", message: "Hi", createdAt: NOW, read: false });
    await ctx.db.insert("events", {
      slug: "focus-lab",
      title: "Focus Lab",
      startsAt: NOW + DAY,
      durationMinutes: 60,
      location: "Online",
      isOnline: true,
      description: "A calm hour.",
      registrationUrl: "https://lwcc.example/events/focus-lab",
    });
    await ctx.db.insert("subscriptions", { userId: client, tier: "premium", status: "active", cancelAtPeriodEnd: false, createdAt: NOW, updatedAt: NOW });
  });
  await t.mutation(internal.timeBalance.creditPurchase, { userId: client, minutes: 600, note: "Package" });
  const past = await insertSession(t, { memberId: client, coachId: coach, startsAt: NOW - 2 * DAY, status: "completed" });
  await insertSession(t, { memberId: client, coachId: coach });
  await insertSession(t, { memberId: client, coachId: coach, startsAt: NOW + 3 * DAY });
  await insertSession(t, { memberId: people.guest_temporary, coachId: coach, startsAt: NOW + 2 * DAY, durationMinutes: 20 });
  const as = (name: CallerName) => callers[name];
  await as("client").mutation(api.actionItems.create, {
    sessionId: past,
    title: "Plan the week",
    description: "",
    responsibleUserId: client,
    commitmentType: "user_commitment",
    priority: "medium",
    tags: ["focus"],
    coachVisible: true,
    clientVisible: true,
  });
  const recording = await uploadedFile(t, coach, "audio/mpeg");
  await as("coach").mutation(api.recordings.save, { sessionId: past, storageId: recording, title: "Recording" });
  await as("coach").mutation(api.transcripts.upload, { sessionId: past, content: "[00:05] Coach: I'll send the notes tomorrow.", format: "text" });
  await as("admin").mutation(api.notifications.systemAlert, { userId: client, title: "Hello", message: "Welcome", priority: "low" });
  const categoryId = await t.run((ctx) =>
    ctx.db.insert("forumCategories", { slug: "general", name: "General", description: "Talk", visibility: "public", sortOrder: 1, threadCount: 0 }),
  );
  const threadId = await as("client").mutation(api.forum.createThread, { categoryId, title: "Hello there", body: "First post" });
  await as("coach").mutation(api.forum.reply, { threadId, body: "Welcome!" });
  const templateId = await as("admin").mutation(api.emailTemplates.create, { name: "Weekly", category: "newsletter", subject: "Hi", body: "Hello" });
  await as("admin").mutation(api.campaigns.create, { name: "March", templateId, audience: { kind: "newsletter" } });
  const ids = await t.run(async (ctx) => {
    const found: Record<string, string[]> = {};
    for (const table of TABLES) found[table] = (await ctx.db.query(table).take(20)).map((doc) => doc._id);
    found._storage = (await ctx.db.system.query("_storage").take(20)).map((doc) => doc._id);
    found._scheduled_functions = (await ctx.db.system.query("_scheduled_functions").take(20)).map((doc) => doc._id);
    return found;
  });
  return { t, callers, ids: new Map(Object.entries(ids)) };
}

function resolve(value: unknown, world: World): unknown {
  if (value instanceof Repeated) return value.text.repeat(value.times);
  if (value instanceof HugeArray) return Array.from({ length: HUGE }, () => resolve(value.element, world));
  if (value instanceof IdRef) {
    const pool = value.table ? (world.ids.get(value.table) ?? []) : [...world.ids.values()].flat();
    return pool.length > 0 ? pool[value.n % pool.length] : `missing-${value.table}`;
  }
  if (Array.isArray(value)) return value.map((element: unknown) => resolve(element, world));
  if (value !== null && typeof value === "object" && !(value instanceof ArrayBuffer))
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, resolve(field, world)]));
  return value;
}

/** Every row of every table, scheduled functions and stored files included. */
function dump(world: World) {
  return world.t.run(async (ctx) => {
    const tables: Record<string, unknown[]> = {};
    for (const table of TABLES) tables[table] = await ctx.db.query(table).collect();
    tables._scheduled_functions = await ctx.db.system.query("_scheduled_functions").collect();
    tables._storage = await ctx.db.system.query("_storage").collect();
    return tables;
  });
}

// ---------------------------------------------------------------------------------------------
// Answers

/**
 * A refusal a caller can act on: a ConvexError with a code and a message, or Convex's own refusal
 * of the call: argument validation, or a pagination cursor the database never issued.
 */
function isClearRefusal(error: unknown, input: Record<string, unknown>): boolean {
  if (error instanceof ConvexError) {
    const data = error.data as { code?: unknown; message?: unknown };
    return typeof data.code === "string" && typeof data.message === "string" && data.message.length > 0;
  }
  if (!(error instanceof Error)) return false;
  const stack = error.stack ?? "";
  // convex-test's own argument validation stumbles on null where an object is expected (Convex answers with a validator error).
  if (/Validator error|ArgumentValidationError/.test(error.message) || stack.includes("validateFunctionArgs")) return true;
  // convex-test reads a cursor as JSON; a deployment answers a cursor it did not issue with InvalidCursor. Either way, nothing is read.
  // Through ctx.runQuery (a shared query's inner query) the error arrives without paginate's frame.
  const madeUpCursor = typeof (input.paginationOpts as { cursor?: unknown } | undefined)?.cursor === "string";
  return (/QueryImpl\.paginate/.test(stack) || madeUpCursor) && /JSON|cursor/i.test(error.message);
}

/** The signed-in role that may call a function of `access` (for the matrix's rules), besides anonymous. */
const ALLOWED: Record<AccessLevel, CallerName> = {
  public: "client",
  identity: "client",
  member: "client",
  writer: "client",
  staff: "coach",
  admin: "admin",
};

/** Arguments as a failure message shows them: long strings and arrays cut short. */
const shown = (value: unknown) =>
  JSON.stringify(value, (_key, field: unknown) => {
    if (typeof field === "string" && field.length > 80) return `${field.slice(0, 40)}…(${field.length} characters)`;
    if (Array.isArray(field) && field.length > 10) return [...(field as unknown[]).slice(0, 3), `…(${field.length} items)`];
    return typeof field === "number" && !Number.isFinite(field) ? String(field) : field;
  });

const functions = await publicFunctions();

describe("every public function, given extreme and malformed arguments", () => {
  beforeAll(() => {
    // Scheduled functions wait for the clock, which stands still: a job a successful call scheduled
    // cannot run between the snapshots around a later, refused call. The date itself keeps going.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "setImmediate", "clearImmediate"] });
    // As in the authorization matrix: the identity provider, Stripe (msw) and signed links are configured.
    vi.stubEnv("LOCAL_AUTH_ISSUER", "https://identity.test");
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_fuzz");
    stripeMock.reset();
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  for (const fn of functions) describeFunction(fn);
});

/** Queries cannot write, so they share one world; each mutation and action gets its own. */
let queryWorld: Promise<World> | undefined;

function describeFunction(fn: PublicFunction) {
  // The arguments always arrive as an object (Convex's clients refuse anything else); what is in it may be anything.
  const args = typedArbitrary(JSON.parse(fn.exportedArgs) as ValidatorJson);
  const allowed = ALLOWED[fn.access!];
  const writes = fn.kind !== "query";
  let world: World | undefined;

  fcTest.prop([args, fc.constantFrom<CallerName>("anonymous", allowed)], { numRuns: RUNS, endOnFailure: true })(
    `${fn.name} answers within 1 s with a result or a clear error, and a refusal changes nothing`,
    async (generated, who) => {
      world ??= await (writes ? buildWorld() : (queryWorld ??= buildWorld()));
      const input = resolve(generated, world) as Record<string, unknown>;
      const before = writes ? await dump(world) : null;
      const attempt = async () => {
        const started = performance.now();
        try {
          await call(world!.callers[who], fn.kind, fn.name, input);
          return { refused: false, refusal: undefined, elapsed: performance.now() - started };
        } catch (error) {
          return { refused: true, refusal: error, elapsed: performance.now() - started };
        }
      };
      const { refused, refusal, elapsed: first } = await attempt();
      // The first call into a module or component loads it (the test's cost, not the function's): time it again, warm.
      const elapsed = first < ANSWER_MS ? first : (await attempt()).elapsed;
      const context = `${fn.name} as ${who} with ${shown(input)}`;
      expect(elapsed, `${context} took ${Math.round(elapsed)} ms`).toBeLessThan(ANSWER_MS);
      if (!refused) return;
      expect(isClearRefusal(refusal, input), `${context} failed with ${String(refusal)}`).toBe(true);
      if (before) expect(await dump(world), `${context} was refused but changed the database`).toEqual(before);
    },
    60_000,
  );
}
