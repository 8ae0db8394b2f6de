import { describe, expect, it } from "vitest";
import { UPGRADE_MESSAGES } from "./messages";
import { PREMIUM_TIERS, TIERS } from "./permissions";
import { PREMIUM_FEATURES } from "./premiumContent";
import { PREMIUM_PLAN } from "./products";
import { choosePlan, CURRENT_PLAN_LABEL, holdsPlanOnCards, upgradePlans, type UpgradeViewer } from "./upgradePlans";

const client = (tier: string): UpgradeViewer => ({ tier, role: "client", userType: "client" });
const guest = (tier: string): UpgradeViewer => ({ tier, role: "client", userType: "guest_confirmed" });
const ids = (viewer: UpgradeViewer) => upgradePlans(viewer).map((plan) => plan.id);
const current = (viewer: UpgradeViewer) =>
  upgradePlans(viewer)
    .filter((plan) => plan.buttonText === CURRENT_PLAN_LABEL)
    .map((plan) => plan.id);
const buttons = (viewer: UpgradeViewer) => Object.fromEntries(upgradePlans(viewer).map((plan) => [plan.id, [plan.buttonText, plan.disabled]]));

describe("upgrade plans (SPEC §4, §9)", () => {
  it("prices Basic and Foundation free, Premium at 19 a month or 190 a year instead of 228, saving 38", () => {
    const plans = Object.fromEntries(upgradePlans(guest("public")).map((plan) => [plan.id, plan]));
    expect(plans.basic).toMatchObject({ name: "Basic", price: 0, guestOnly: false });
    expect(plans.foundation).toMatchObject({ name: "Foundation", price: 0, guestOnly: true });
    expect(plans["premium-monthly"]).toMatchObject({ name: "Premium Monthly", price: 1900 });
    expect(plans["premium-monthly"]!.originalPrice).toBeUndefined();
    expect(plans["premium-yearly"]).toMatchObject({
      name: "Premium Yearly",
      price: 19000,
      originalPrice: 22800,
      savings: 3800,
      popular: true,
    });
    expect(PREMIUM_PLAN.prices).toEqual({ monthly: 1900, yearly: 19000 });
  });

  it("lists the five premium features on both Premium plans", () => {
    expect(PREMIUM_FEATURES).toHaveLength(5);
    for (const plan of upgradePlans(client("basic")).filter((p) => p.id.startsWith("premium")))
      expect(plan.features).toEqual(PREMIUM_FEATURES);
  });

  it("shows Foundation only to guest user types", () => {
    expect(ids(guest("public"))).toEqual(["basic", "foundation", "premium-monthly", "premium-yearly"]);
    expect(ids({ tier: "public", role: "guest_temporary", userType: "guest_temporary" })).toContain("foundation");
    for (const tier of TIERS) expect(ids(client(tier))).toEqual(["basic", "premium-monthly", "premium-yearly"]);
    expect(ids({ tier: "basic", role: "coach", userType: "coach" })).not.toContain("foundation");
  });

  it("marks Basic current for public and basic, Foundation for foundation, both Premium plans for the premium tier only", () => {
    expect(current(guest("public"))).toEqual(["basic"]);
    expect(current(guest("basic"))).toEqual(["basic"]);
    expect(current(guest("foundation"))).toEqual(["foundation"]);
    expect(current(client("foundation"))).toEqual([]);
    expect(current(client("premium"))).toEqual(["premium-monthly", "premium-yearly"]);
    for (const tier of PREMIUM_TIERS.filter((tier) => tier !== "premium")) expect(current(guest(tier))).toEqual([]);
  });

  it("offers a Control member nothing below their plan: the cards their tier includes say so and cannot be chosen", () => {
    expect(buttons(client("control"))).toEqual({
      basic: ["Included in Control", true],
      "premium-monthly": ["Included in Control", true],
      "premium-yearly": ["Included in Control", true],
    });
    expect(buttons(guest("mastery"))).toMatchObject({ foundation: ["Included in Mastery", true] });
    expect(buttons(client("foundation"))).toEqual({
      basic: ["Included in Foundation", true],
      "premium-monthly": ["Choose Premium Monthly", false],
      "premium-yearly": ["Choose Premium Yearly", false],
    });
    expect(holdsPlanOnCards(client("control"))).toBe(false);
    expect(holdsPlanOnCards(client("premium"))).toBe(true);
  });

  it("disables current plans, labelled Current Plan, and names the plan on every button on offer", () => {
    for (const plan of upgradePlans(client("premium"))) {
      expect(plan.buttonText).toBe(plan.id === "basic" ? "Included in Premium" : CURRENT_PLAN_LABEL);
      expect(plan.disabled).toBe(true);
    }
    for (const plan of upgradePlans(guest("public"))) {
      expect(plan.buttonText).toBe(plan.id === "basic" ? CURRENT_PLAN_LABEL : `Choose ${plan.name}`);
    }
  });
});

describe("choosing a plan (SPEC §7)", () => {
  it("sends paid plans to checkout with their billing cycle", () => {
    expect(choosePlan(client("foundation"), "premium-monthly")).toEqual({
      message: UPGRADE_MESSAGES.TO_CHECKOUT,
      redirectTo: "/checkout?tier=premium&billing=monthly",
    });
    expect(choosePlan(guest("public"), "premium-yearly")).toEqual({
      message: UPGRADE_MESSAGES.TO_CHECKOUT,
      redirectTo: "/checkout?tier=premium&billing=yearly",
    });
  });

  it("refuses the current plan and a plan the viewer is not offered", () => {
    expect(choosePlan(client("basic"), "basic")).toEqual({ error: "CURRENT_PLAN" });
    expect(choosePlan(client("premium"), "premium-monthly")).toEqual({ error: "CURRENT_PLAN" });
    expect(choosePlan(guest("foundation"), "foundation")).toEqual({ error: "CURRENT_PLAN" });
    expect(choosePlan(client("public"), "foundation")).toEqual({ error: "PLAN_NOT_AVAILABLE" });
  });

  it("changes nothing for a plan the member's tier includes, and says where changing or cancelling lives", () => {
    expect(choosePlan(client("premium"), "basic")).toEqual({ message: UPGRADE_MESSAGES.PLAN_INCLUDED });
    expect(choosePlan(client("control"), "premium-monthly")).toEqual({ message: UPGRADE_MESSAGES.PLAN_INCLUDED });
    expect(choosePlan(guest("mastery"), "foundation")).toEqual({ message: UPGRADE_MESSAGES.PLAN_INCLUDED });
  });

  it("grants a guest free Foundation without checkout, and says Basic is already part of Foundation", () => {
    expect(choosePlan(guest("basic"), "foundation")).toEqual({
      message: UPGRADE_MESSAGES.FOUNDATION_READY,
      redirectTo: "/dashboard",
      grant: "foundation",
    });
    expect(choosePlan(client("foundation"), "basic")).toEqual({ message: UPGRADE_MESSAGES.PLAN_INCLUDED });
  });
});
