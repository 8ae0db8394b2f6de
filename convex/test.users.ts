/**
 * Test callers for convex-test: a users row per role and an accessor signed in as it. Two dots
 * in the name, so Convex does not deploy this file.
 */
import type { TestConvex, TestConvexForDataModel } from "convex-test";
import type { DataModel, Doc, Id } from "./_generated/dataModel";
import { searchTextOf } from "./model/userAdmin";
import { NEW_USER } from "./model/users";
import type { Role } from "./model/permissions";
import type schema from "./schema";

export type T = TestConvex<typeof schema>;
/** `t` itself or `t.withIdentity(...)`: what a test calls functions through. */
export type Accessor = TestConvexForDataModel<DataModel>;
export const TEST_ISSUER = "https://identity.test";

export const CALLERS = ["anonymous", "guest_temporary", "guest_confirmed", "client", "coach", "admin"] as const;
export type CallerName = (typeof CALLERS)[number];

let serial = 0;

/** Inserts an active user with `role` (and matching user type) and returns it with a signed-in accessor. */
export async function signedIn(t: T, role: Role, overrides: Partial<Doc<"users">> = {}) {
  const subject = `user-${++serial}`;
  const tokenIdentifier = `${TEST_ISSUER}|${subject}`;
  const now = Date.now();
  const row = {
    ...NEW_USER,
    role,
    userType: role === "admin" || role === "coach" || role.startsWith("guest") ? role : "client",
    tokenIdentifier,
    email: `${subject}@example.com`,
    firstName: "Test",
    lastName: role,
    createdAt: now,
    status: "active" as const,
    timezone: "UTC",
    lastActiveAt: now,
    ...overrides,
  };
  const id: Id<"users"> = await t.run((ctx) => ctx.db.insert("users", { searchText: searchTextOf(row), ...row }));
  const as: Accessor = t.withIdentity({ issuer: TEST_ISSUER, subject, tokenIdentifier, email: `${subject}@example.com` });
  return { id, as, tokenIdentifier };
}

/** An accessor for each caller of the authorization matrix; anonymous is the bare `t`. */
export async function caller(t: T, name: CallerName) {
  if (name === "anonymous") return { id: null, as: t as Accessor, tokenIdentifier: null };
  return signedIn(t, name);
}
