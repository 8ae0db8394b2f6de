/**
 * The app's own components (convex/convex.config.ts) on the embedded backend, as `npm start` runs
 * them: the rate limiter behind the public forms (per visitor, told apart behind the web app's
 * proxy), and the Resend component behind the e-mail
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
  it("limits newsletter sign-ups per visitor behind the web app's proxy, through the rate limiter component", async () => {
    const post = (i: number, forwardedFor: string) =>
      fetch(`${backend.siteUrl}/api/newsletter`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
        body: `name=Sam&email=sam${i}%40example.com`,
      });
    // As `npm start` runs it: one trusted proxy (Vite's) appends each visitor's address.
    process.env.TRUSTED_PROXY_HOPS = "1";
    try {
      for (let i = 0; i < 10; i++) expect((await post(i, "198.51.100.1")).status).toBe(200);
      const refused = await post(10, "198.51.100.1");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect((await post(11, "198.51.100.2")).status).toBe(200);
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS;
    }
    // Not configured, the header is the client's own word: every request is the connection's, 127.0.0.1.
    for (let i = 20; i < 30; i++) expect((await post(i, `203.0.113.${i}`)).status).toBe(200);
    expect((await post(30, "203.0.113.30")).status).toBe(429);
    const subscribers = await backend.engine().transaction((ctx) => ctx.db.query("newsletterSubscribers").collect());
    expect(subscribers).toHaveLength(21);
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
    const toAdmins = async () => (await outbox()).filter((row) => row.to === "ada@example.com" || row.to === "gone@mailbox.invalid");
    const settled = await eventually(toAdmins, (rows) => rows.length === 2 && rows.every((row) => row.status !== "queued" && row.status !== "sent"), 10_000);
    expect(settled.find((row) => row.to === "ada@example.com")).toMatchObject({ status: "delivered" });
    const failed = settled.find((row) => row.to === "gone@mailbox.invalid");
    expect(failed?.status).toBe("failed");
    expect(failed?.error).toBeTruthy();
  }, 30_000);
});
