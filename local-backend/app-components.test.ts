/**
 * The app's own components (convex/convex.config.ts) on the embedded backend, as `npm start` runs
 * them: the rate limiter behind the public forms, and the Resend component behind the e-mail
 * outbox, which delivers offline with Resend's status lifecycle.
 */
import path from "node:path";
import { makeFunctionReference } from "convex/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type Backend } from "./backend";
import { eventually, httpClient } from "./test/helpers";

const APP = path.resolve(import.meta.dirname, "../convex");
const submitContact = makeFunctionReference<"mutation", { name: string; email: string; message: string }, null>("contact:submit");

type Outbox = { to: string; status: string; error?: string };

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ functionsDir: APP, port: 0, sitePort: 0, log: () => {} });
}, 60_000);
afterAll(() => backend.close());


const outbox = () =>
  backend.engine().transaction(async (ctx) => (await ctx.db.query("emailOutbox").collect()) as unknown as Outbox[]);

describe("the app's components on the embedded backend", () => {
  it("refuses the 101st newsletter sign-up of a burst with 429, through the rate limiter component", async () => {
    const post = (i: number) =>
      fetch(`${backend.siteUrl}/api/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `name=Sam&email=sam${i}%40example.com`,
      });
    for (let i = 0; i < 100; i++) expect((await post(i)).status).toBe(200);
    const refused = await post(100);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const subscribers = await backend.engine().transaction((ctx) => ctx.db.query("newsletterSubscribers").collect());
    expect(subscribers).toHaveLength(100);
  }, 60_000);

  it("delivers e-mail offline through the Resend component: each row ends delivered, or failed with a reason", async () => {
    await backend.engine().transaction(async (ctx) => {
      const admin = { firstName: "Ada", lastName: "Admin", role: "admin", userType: "admin", tier: "mastery", forumMember: false, status: "active" };
      const now = Date.now();
      for (const email of ["ada@example.com", "gone@mailbox.invalid"]) {
        await ctx.db.insert("users", { ...admin, email, createdAt: now, timezone: "UTC", lastActiveAt: now });
      }
    });
    await httpClient(backend.url).mutation(submitContact, { name: "Sam", email: "sam@example.com", message: "Hello there" });
    const settled = await eventually(outbox, (rows) => rows.length === 2 && rows.every((row) => row.status !== "queued" && row.status !== "sent"), 10_000);
    expect(settled.find((row) => row.to === "ada@example.com")).toMatchObject({ status: "delivered" });
    const failed = settled.find((row) => row.to === "gone@mailbox.invalid");
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toBeTruthy();
  }, 30_000);
});
