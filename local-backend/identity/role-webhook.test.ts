/**
 * The whole offline role path on the app's own functions (convex/), as `npm start` runs it: an admin
 * changes a role, the action writes it into the local account's public metadata, the provider sends
 * its signed user.updated event to /clerk-users-webhook, and the users row follows.
 */
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type Backend } from "../backend";
import { eventually, httpClient } from "../test/helpers";

const APP = path.resolve(import.meta.dirname, "../../convex");
const setRole = makeFunctionReference<"mutation", { userId: string; role: string }, "applied" | "pending">("users:setRole");

const ENV = ["LOCAL_AUTH_ISSUER", "LOCAL_AUTH_JWKS", "LOCAL_AUTH_URL", "LOCAL_AUTH_ADMIN_SECRET", "LOCAL_AUTH_WEBHOOK_SECRET"];
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ functionsDir: APP, port: 0, sitePort: 0, exposeIdentity: true, log: () => {} });
}, 60_000);
afterAll(async () => {
  await backend.close();
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

type Row = { _id: string; role: string; userType: string };

describe("roles offline", () => {
  it("changes a member's role through the local provider's metadata and its webhook", async () => {
    const people = [
      { email: "ada@example.com", firstName: "Ada", lastName: "Admin", role: "admin" },
      { email: "sam@example.com", firstName: "Sam", lastName: "Member", role: "client" },
    ];
    const ids: string[] = [];
    const subjects: string[] = [];
    for (const person of people) {
      const { subject, tokenIdentifier } = await backend.identity.createAccount({ ...person, password: "correct horse", emailVerified: true });
      subjects.push(subject);
      ids.push(
        await backend.engine().transaction(async (ctx) => {
          const now = Date.now();
          return await ctx.db.insert("users", {
            ...person,
            tokenIdentifier,
            userType: person.role,
            tier: "foundation",
            forumMember: false,
            status: "active",
            createdAt: now,
            timezone: "UTC",
            lastActiveAt: now,
          });
        }),
      );
    }
    const admin = httpClient(backend.url);
    admin.setAuth((await backend.identity.issueTokens(subjects[0]!)).accessToken);
    expect(await admin.mutation(setRole, { userId: ids[1]!, role: "coach" })).toBe("pending");

    const row = () => backend.engine().transaction(async (ctx) => (await ctx.db.get(ids[1] as never)) as unknown as Row);
    // A ceiling against a hang, not a speed check: the path takes some 10 s with another test file
    // beside it on a busy 2-core machine.
    expect(await eventually(row, (user) => user.role === "coach", 30_000)).toMatchObject({ role: "coach", userType: "client" });
    expect(await backend.engine().transaction((ctx) => ctx.db.query("roleChanges").collect())).toEqual([]);
    expect((await backend.identity.setPublicMetadata(subjects[1]!, {})).publicMetadata).toEqual({ role: "coach" });
  }, 90_000);
});
