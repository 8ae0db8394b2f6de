import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { api } from "./_generated/api";
import { paidPlan } from "./test.billing";
import { newConvexTest } from "./test.setup";
import { signedIn } from "./test.users";
import { DEBUG_MESSAGES } from "./model/messages";
import { masteryChange } from "./model/debug";

async function code(promise: Promise<unknown>) {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ConvexError ? (error.data as { code: string }).code : String(error);
  }
}

describe("debug pages' server data", () => {
  it("refuses members, coaches and guests on the server", async () => {
    const t = newConvexTest();
    for (const role of ["client", "coach", "guest_confirmed"] as const) {
      const { as } = await signedIn(t, role);
      expect(await code(as.query(api.debug.snapshot, {}))).toBe("FORBIDDEN");
      expect(await code(as.query(api.debug.permissions, {}))).toBe("FORBIDDEN");
      expect(await code(as.query(api.debug.subscriptions, {}))).toBe("FORBIDDEN");
      expect(await code(as.query(api.debug.masteryPreview, {}))).toBe("FORBIDDEN");
      expect(await code(as.mutation(api.debug.grantComplementary, { email: "x@example.com", tier: "premium" }))).toBe("FORBIDDEN");
    }
    expect(await code(t.query(api.debug.snapshot, {}))).toBe("UNAUTHENTICATED");
  });

  it("gives the debug data in the shape of SPEC §3", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const data = await admin.as.query(api.debug.snapshot, {});
    expect(data.serverTime).toBeGreaterThan(0);
    expect(data.testData.items.map((item) => item.id)).toEqual(["query", "admin", "content"]);
    expect(data.testData.items.find((item) => item.id === "content")?.status).toBe("empty");
    expect(Object.keys(data.debugInfo.adapters).sort()).toEqual(["email", "extraction", "identity", "payments"]);
    expect(data.debugInfo.hasContent).toBe(false);
  });

  it("lists roles with their flags, and every table with whether it has rows", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const data = await admin.as.query(api.debug.permissions, {});
    expect(data.viewer).toMatchObject({ role: "admin", flags: ["advancedAnalytics", "beta", "debug"] });
    const coach = data.roles.find((r) => r.role === "coach")!;
    expect(coach).toMatchObject({ flags: ["coachTools", "sessionTemplates"], resourceWrite: true });
    expect(coach.accessLevels).not.toContain("admin");
    expect(data.roles.find((r) => r.role === "guest_temporary")).toMatchObject({ readOnly: true, maxSessionMinutes: 30, resourceRead: true, resourceWrite: false });
    expect(data.collections.find((c) => c.name === "users")).toMatchObject({ hasRows: true, access: "admin" });
    expect(data.collections.find((c) => c.name === "orders")).toMatchObject({ hasRows: false });
  });

  it("grants a complimentary plan, settles the tier, refuses a second, and ends it", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "client", { email: "maya@example.com", tier: "foundation" });
    const granted = await admin.as.mutation(api.debug.grantComplementary, { email: " Maya@Example.com ", tier: "premium" });
    expect(granted).toMatchObject({ email: "maya@example.com", tier: "premium", previousTier: "foundation", memberTier: "premium" });
    expect((await t.run((ctx) => ctx.db.get("users", member.id)))!.tier).toBe("premium");
    expect(await code(admin.as.mutation(api.debug.grantComplementary, { email: "maya@example.com", tier: "mastery" }))).toBe("ALREADY_COMPLEMENTARY");
    expect(await code(admin.as.mutation(api.debug.grantComplementary, { email: "nobody@example.com", tier: "premium" }))).toBe("NOT_FOUND");
    expect(await code(admin.as.mutation(api.debug.grantComplementary, { email: "maya@example.com", tier: "gold" }))).toBe("PLAN_NOT_FOUND");

    const list = await admin.as.query(api.debug.subscriptions, {});
    expect(list.subscriptions).toEqual([expect.objectContaining({ email: "maya@example.com", tier: "premium", complementary: true, inForce: true })]);
    expect(list.plans.map((p) => p.name)).toContain("Mastery Monthly");

    const ended = await admin.as.mutation(api.debug.endComplementary, { subscriptionId: granted.subscriptionId });
    expect(ended.memberTier).toBe("foundation");
    const again = await code(admin.as.mutation(api.debug.endComplementary, { subscriptionId: granted.subscriptionId }));
    expect(again).toBe("COMPLEMENTARY_NOT_FOUND");
    expect(DEBUG_MESSAGES.COMPLEMENTARY_NOT_FOUND).toMatch(/already ended/);
  });

  it("previews Mastery without charging: checkout for a new plan, Billing for a paid one, nothing at Mastery", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin", { tier: "foundation" });
    const self = await admin.as.query(api.debug.masteryPreview, {});
    expect(self).toMatchObject({ currentTier: "foundation", path: "checkout", next: "/checkout?tier=mastery&billing=monthly" });
    expect(self!.prices.map((p) => p.amount)).toEqual([42700, 121700]);
    expect(self!.unlocks).toHaveLength(3);

    const paid = await signedIn(t, "client", { email: "paid@example.com", tier: "control" });
    await paidPlan(t, paid.id, "control");
    expect(await admin.as.query(api.debug.masteryPreview, { email: "paid@example.com" })).toMatchObject({ path: "changePlan", next: "/dashboard/billing", subscription: { tier: "control", complementary: false } });
    expect(await admin.as.query(api.debug.masteryPreview, { email: "none@example.com" })).toBeNull();
    expect(masteryChange({ tier: "mastery" }, null)).toMatchObject({ path: "none", next: null, unlocks: [] });
    expect(await t.run((ctx) => ctx.db.query("orders").collect())).toEqual([]);
  });

  it("keeps the newest 20 pings", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 23; i++) await admin.as.mutation(api.debug.ping, { sentAt: start + i });
    const pings = await admin.as.query(api.debug.pings, {});
    expect(pings).toHaveLength(20);
    expect(pings[0]!.sentAt).toBe(start + 22);
  });
});
