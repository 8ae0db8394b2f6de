import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { api } from "./_generated/api";
import type { TableNames } from "./_generated/dataModel";
import { UPGRADE_MESSAGES } from "./model/messages";
import schema from "./schema";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

/** Every row of every app table, to show a call wrote nothing. */
function everything(t: T) {
  return t.run(async (ctx) => {
    const tables = Object.keys(schema.tables) as TableNames[];
    return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await ctx.db.query(table).collect()] as const)));
  });
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConvexError) return error.data as { code: string; message: string };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("upgrade.choosePlan", () => {
  it("sends a paid plan to checkout with its billing cycle, writing nothing", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client", { tier: "basic" });
    const before = await everything(t);
    expect(await member.as.mutation(api.upgrade.choosePlan, { plan: "premium-monthly" })).toEqual({
      message: UPGRADE_MESSAGES.TO_CHECKOUT,
      redirectTo: "/checkout?tier=premium&billing=monthly",
    });
    expect(await member.as.mutation(api.upgrade.choosePlan, { plan: "premium-yearly" })).toMatchObject({
      redirectTo: "/checkout?tier=premium&billing=yearly",
    });
    expect(await everything(t)).toEqual(before);
  });

  it("refuses the current plan with a clear message and writes nothing", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client", { tier: "premium" });
    const before = await everything(t);
    expect(await refusal(member.as.mutation(api.upgrade.choosePlan, { plan: "premium-yearly" }))).toEqual({
      code: "CURRENT_PLAN",
      message: UPGRADE_MESSAGES.CURRENT_PLAN,
    });
    expect(await everything(t)).toEqual(before);
  });

  it("refuses Foundation to a member who is not a guest, and gives a guest free Foundation at once", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client", { tier: "basic" });
    const guest = await signedIn(t, "guest_confirmed", { tier: "basic" });
    const before = await everything(t);
    expect(await refusal(member.as.mutation(api.upgrade.choosePlan, { plan: "foundation" }))).toEqual({
      code: "PLAN_NOT_AVAILABLE",
      message: UPGRADE_MESSAGES.PLAN_NOT_AVAILABLE,
    });
    expect(await everything(t)).toEqual(before);
    expect(await guest.as.mutation(api.upgrade.choosePlan, { plan: "foundation" })).toEqual({
      message: UPGRADE_MESSAGES.FOUNDATION_READY,
      redirectTo: "/dashboard",
    });
    expect((await t.run((ctx) => ctx.db.get("users", guest.id)))?.tier).toBe("foundation");
    expect(await refusal(guest.as.mutation(api.upgrade.choosePlan, { plan: "foundation" }))).toMatchObject({ code: "CURRENT_PLAN" });
  });

  it("tells a paying member that a plan their tier includes changes nothing, and where changes live, without changing the tier", async () => {
    const t = newConvexTest();
    const member = await signedIn(t, "client", { tier: "premium" });
    expect(await member.as.mutation(api.upgrade.choosePlan, { plan: "basic" })).toEqual({ message: UPGRADE_MESSAGES.PLAN_INCLUDED });
    expect((await t.run((ctx) => ctx.db.get("users", member.id)))!.tier).toBe("premium");
  });

  it("turns away signed-out callers", async () => {
    const t = newConvexTest();
    expect((await refusal(t.mutation(api.upgrade.choosePlan, { plan: "premium-monthly" }))).code).toBe("UNAUTHENTICATED");
  });
});
