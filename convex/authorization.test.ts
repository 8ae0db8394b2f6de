/**
 * The authorization matrix (ARCHITECTURE §7): every public function, found by loading convex/,
 * called as anonymous, guest_temporary, guest_confirmed, client, coach and admin, and as a
 * deactivated account. Allowed callers must get through; everyone else gets UNAUTHENTICATED,
 * ACCOUNT_DEACTIVATED or FORBIDDEN. A new public function without a case here fails the test, and
 * every function that touches a member's own data says how it keeps members apart.
 */
import { convexTest } from "convex-test";
import { makeFunctionReference } from "convex/server";
import { ConvexError } from "convex/values";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Id } from "./_generated/dataModel";
import { ACCESS_LEVELS, allows, type AccessLevel } from "./model/permissions";
import schema from "./schema";
import { modules } from "./test.setup";
import { api } from "./_generated/api";
import { CALLERS, caller, signedIn, type Accessor, type CallerName, type T } from "./test.users";

interface Registered {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  isPublic?: boolean;
  access?: AccessLevel;
}

type Kind = "query" | "mutation" | "action";

/** The world a case runs in: another member whose data nobody else may touch. */
interface World {
  t: T;
  other: { id: Id<"users">; as: Accessor };
  contactMessage: Id<"contactMessages">;
  event: Id<"events">;
}

interface Case {
  /** Who may call it, decided here on purpose: the wrapper it is declared with must agree. */
  access: AccessLevel;
  args: (world: World) => Record<string, unknown>;
  /**
   * How the function keeps one member's data from another: a check run as a plain client against
   * `world.other`, or why it cannot touch another member's data at all.
   */
  ownership: ((world: World, self: { id: Id<"users">; as: Accessor }) => Promise<void>) | { none: string };
}

const CASES: Record<string, Case> = {
  "system:health": { access: "public", args: () => ({}), ownership: { none: "reports the service status, no member data" } },
  "users:me": {
    access: "public",
    args: () => ({}),
    ownership: async ({ other }, self) => {
      const me = await self.as.query(api.users.me, {});
      expect(me?._id).toBe(self.id);
      expect(me?._id).not.toBe(other.id);
    },
  },
  "users:ensureCurrent": {
    access: "identity",
    args: () => ({}),
    ownership: async ({ other }, self) => {
      const me = await self.as.mutation(api.users.ensureCurrent, {});
      expect(me._id).toBe(self.id);
      expect(me._id).not.toBe(other.id);
    },
  },
  "users:updateProfile": {
    access: "member",
    args: () => ({ firstName: "Pat", lastName: "Lee", timezone: "Europe/Berlin" }),
    ownership: async ({ t, other }, self) => {
      const before = await t.run((ctx) => ctx.db.get("users", other.id));
      await self.as.mutation(api.users.updateProfile, { firstName: "Changed", lastName: "Name", timezone: "UTC" });
      expect(await t.run((ctx) => ctx.db.get("users", other.id))).toEqual(before);
    },
  },
  "contact:submit": {
    access: "public",
    args: () => ({ name: "Sam", email: "sam@example.com", subject: "support", message: "Hello there" }),
    ownership: { none: "only adds a message; reading them is for admins" },
  },
  "contact:list": {
    access: "admin",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "contact:setRead": {
    access: "admin",
    args: (w) => ({ id: w.contactMessage, read: true }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "email:outbox": {
    access: "admin",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "catalog:products": { access: "public", args: () => ({}), ownership: { none: "the public catalogue" } },
  "catalog:articles": { access: "public", args: () => ({ kind: "post" }), ownership: { none: "published articles" } },
  "catalog:article": { access: "public", args: () => ({ kind: "post", slug: "none" }), ownership: { none: "published articles" } },
  "catalog:events": {
    access: "public",
    args: () => ({}),
    ownership: async ({ t, other, event }, self) => {
      await t.run((ctx) => ctx.db.insert("eventRegistrations", { eventId: event, userId: other.id, createdAt: Date.now() }));
      expect((await other.as.query(api.catalog.events, {})).map((e) => e.registered)).toEqual([true]);
      expect((await self.as.query(api.catalog.events, {})).map((e) => e.registered)).toEqual([false]);
    },
  },
  "users:list": {
    access: "admin",
    args: () => ({ paginationOpts: { numItems: 10, cursor: null } }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "users:setRole": {
    access: "admin",
    args: ({ other }) => ({ userId: other.id, role: "coach" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
  "users:setStatus": {
    access: "admin",
    args: ({ other }) => ({ userId: other.id, status: "deactivated", reason: "other" }),
    ownership: { none: "admins only; every other caller is denied by the matrix" },
  },
};

async function publicFunctions() {
  const found: { name: string; kind: Kind; access: AccessLevel | undefined }[] = [];
  for (const [file, load] of Object.entries(modules)) {
    if (file.includes("/_generated/")) continue;
    const exports = (await load()) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      const fn = value as Registered;
      if (typeof value !== "function" || !fn.isPublic) continue;
      const kind: Kind | undefined = fn.isQuery ? "query" : fn.isMutation ? "mutation" : fn.isAction ? "action" : undefined;
      if (!kind) continue;
      found.push({ name: `${file.replace(/^\.\//, "").replace(/\.ts$/, "")}:${exportName}`, kind, access: fn.access });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

function call(as: Accessor, kind: Kind, name: string, args: Record<string, unknown>) {
  switch (kind) {
    case "query":
      return as.query(makeFunctionReference<"query">(name), args);
    case "mutation":
      return as.mutation(makeFunctionReference<"mutation">(name), args);
    case "action":
      return as.action(makeFunctionReference<"action">(name), args);
  }
}

/** The error code of a denial, or undefined when the call got through. */
async function denial(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ConvexError) return (error.data as { code: string }).code;
    throw error;
  }
}

const DENIALS = ["UNAUTHENTICATED", "ACCOUNT_DEACTIVATED", "FORBIDDEN"];

function expected(level: AccessLevel, name: CallerName): boolean {
  if (level === "public") return true;
  if (name === "anonymous") return false;
  return allows(level, { role: name, userType: name === "client" ? "client" : name });
}

async function world(): Promise<World> {
  const t = convexTest(schema, modules);
  const other = await signedIn(t, "client");
  const [contactMessage, event] = await t.run(async (ctx) => [
    await ctx.db.insert("contactMessages", { name: "A", email: "a@example.com", message: "Hi", createdAt: Date.now(), read: false }),
    await ctx.db.insert("events", {
      slug: "focus-lab",
      title: "Focus Lab",
      startsAt: Date.now() + 86_400_000,
      durationMinutes: 60,
      location: "Online",
      isOnline: true,
      description: "A calm hour of focused work together.",
      registrationUrl: "https://lwcc.example/events/focus-lab",
    }),
  ] as const);
  return { t, other, contactMessage, event };
}

describe("authorization matrix", () => {
  beforeEach(() => {
    // Admin actions reach the identity provider; the matrix is about access, not that call.
    vi.stubEnv("LOCAL_AUTH_ISSUER", "https://identity.test");
  });

  it("knows every public function, and each was declared with an access-level wrapper", async () => {
    const functions = await publicFunctions();
    expect(functions.length).toBeGreaterThan(0);
    expect(functions.filter((f) => !f.access || !ACCESS_LEVELS.includes(f.access)).map((f) => f.name)).toEqual([]);
    expect(functions.map((f) => f.name).filter((name) => !CASES[name])).toEqual([]);
    expect(Object.keys(CASES).filter((name) => !functions.some((f) => f.name === name))).toEqual([]);
    const declared = Object.fromEntries(functions.map((f) => [f.name, f.access]));
    expect(declared).toEqual(Object.fromEntries(Object.entries(CASES).map(([name, c]) => [name, c.access])));
  });

  for (const name of CALLERS) {
    it(`allows and denies each function for ${name}`, async () => {
      const outcomes: Record<string, string> = {};
      const wanted: Record<string, string> = {};
      for (const fn of await publicFunctions()) {
        const w = await world();
        const self = await caller(w.t, name);
        const code = await denial(call(self.as, fn.kind, fn.name, CASES[fn.name]!.args(w)));
        outcomes[fn.name] = code === undefined ? "allowed" : DENIALS.includes(code) ? "denied" : `failed with ${code}`;
        wanted[fn.name] = expected(CASES[fn.name]!.access, name) ? "allowed" : "denied";
      }
      expect(outcomes).toEqual(wanted);
    });
  }

  it("denies a deactivated account everything but public functions", async () => {
    for (const fn of await publicFunctions()) {
      const w = await world();
      const self = await signedIn(w.t, "admin", { status: "deactivated", deactivationReason: "other" });
      const code = await denial(call(self.as, fn.kind, fn.name, CASES[fn.name]!.args(w)));
      expect([fn.name, code]).toEqual([fn.name, CASES[fn.name]!.access === "public" ? undefined : "ACCOUNT_DEACTIVATED"]);
    }
  });

  it("keeps each member's data to themselves", async () => {
    for (const fn of await publicFunctions()) {
      const check = CASES[fn.name]!.ownership;
      if (typeof check !== "function") {
        expect(check.none.length, fn.name).toBeGreaterThan(0);
        continue;
      }
      const w = await world();
      await check(w, await signedIn(w.t, "client"));
    }
  });
});
