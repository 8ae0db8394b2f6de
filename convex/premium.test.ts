import { describe, expect, it } from "vitest";
import { api } from "./_generated/api";
import { DEMO_PREMIUM_CONTENT } from "./model/demoContent";
import { PREMIUM_TIERS, TIERS } from "./model/permissions";
import { PREMIUM_FEATURES } from "./model/premiumContent";
import { seedDemo } from "./test.seed";
import { newConvexTest } from "./test.setup";
import { signedIn, type T } from "./test.users";

function addItems(t: T) {
  return t.run(async (ctx) => {
    await ctx.db.insert("premiumContent", {
      type: "resources",
      title: "Focus Toolkit",
      description: "Planners",
      duration: "Self-paced",
      downloads: 12,
      sortOrder: 1,
    });
    await ctx.db.insert("premiumContent", {
      type: "course",
      title: "Calm Calendar",
      description: "Weekly plan",
      duration: "6 weeks",
      modules: 6,
      sortOrder: 0,
    });
  });
}

describe("premium.content", () => {
  it("gives every tier without premium access the gate and never the items", async () => {
    const t = newConvexTest();
    await addItems(t);
    for (const tier of TIERS.filter((tier) => !PREMIUM_TIERS.includes(tier))) {
      for (const role of ["client", "guest_confirmed", "admin"] as const) {
        const viewer = await signedIn(t, role, { tier });
        const result = await viewer.as.query(api.premium.content, {});
        expect(result, `${role} on ${tier}`).toEqual({ requiresUpgrade: true, requiredTier: "premium", features: PREMIUM_FEATURES });
        expect(JSON.stringify(result)).not.toContain("Focus Toolkit");
      }
    }
  });

  it("lists the items in order for every premium tier", async () => {
    const t = newConvexTest();
    await addItems(t);
    for (const tier of PREMIUM_TIERS) {
      const member = await signedIn(t, "client", { tier });
      const result = await member.as.query(api.premium.content, {});
      expect(result.requiresUpgrade).toBe(false);
      if (result.requiresUpgrade) continue;
      expect(result.items.map(({ _id, ...item }) => item)).toEqual([
        { type: "course", title: "Calm Calendar", description: "Weekly plan", duration: "6 weeks", modules: 6 },
        { type: "resources", title: "Focus Toolkit", description: "Planners", duration: "Self-paced", downloads: 12 },
      ]);
    }
  });
});

describe("seed.demo", () => {
  it("adds the demo premium content once, in order", async () => {
    const t = newConvexTest();
    const accounts = [
      {
        tokenIdentifier: "local|maya",
        email: "maya@example.com",
        firstName: "Maya",
        lastName: "Ortiz",
        role: "client" as const,
        userType: "client",
        tier: "control" as const,
        forumMember: true,
        memberForDays: 400,
      },
    ];
    await seedDemo(t, accounts);
    await seedDemo(t, accounts);
    const result = await t.withIdentity({ tokenIdentifier: "local|maya" }).query(api.premium.content, {});
    expect(result.requiresUpgrade ? [] : result.items.map((item) => item.title)).toEqual(DEMO_PREMIUM_CONTENT.map((item) => item.title));
  });
});
