/**
 * The debug pages of SPEC §2 that show server data: the debug data of the hydration page, roles
 * and collections, subscriptions and plans, the update-to-Mastery preview, complimentary plans,
 * and the real-time test's pings. Every one is for admins only, refused by the wrapper on the
 * server whatever the page shows (SPEC §6: debug pages read with admin rights).
 */
import { v } from "convex/values";
import type { Id, TableNames } from "./_generated/dataModel";
import { env, type QueryCtx } from "./_generated/server";
import { adminMutation, adminQuery } from "./functions";
import { currentAdapters } from "./integrations/config";
import { isEntitled, PLAN_PRICES, type CheckoutTier } from "./model/billing";
import { bounded, LIMITS } from "./model/bounds";
import { COLLECTION_NOTES, CONTENT_STORE, DEBUG_TEXTS, isGrantableTier, masteryChange, OTHER_COLLECTION, rolesMatrix, type DebugTestItem } from "./model/debug";
import { userError } from "./model/errors";
import { settleTier } from "./model/orders";
import { ACCESS_LEVELS, rulesFor } from "./model/permissions";
import { normalizeEmail, findUserByEmail } from "./model/users";
import schema, { checkoutCycleValidator, checkoutTierValidator, subscriptionStatusValidator } from "./schema";

const accessLevelValidator = v.union(...ACCESS_LEVELS.map((level) => v.literal(level)));
const testItemValidator = v.object({ id: v.string(), title: v.string(), status: v.union(v.literal("ok"), v.literal("empty"), v.literal("failed")) });

/** SPEC §3 debug data: serverTime, testData.items (id, title, status), debugInfo (nodeEnv, and what stands where hasDirectus stood). */
export const snapshot = adminQuery({
  args: {},
  returns: v.object({
    serverTime: v.number(),
    testData: v.object({ items: v.array(testItemValidator) }),
    debugInfo: v.object({
      nodeEnv: v.string(),
      contentStore: v.string(),
      hasContent: v.boolean(),
      adapters: v.object({ identity: v.string(), payments: v.string(), email: v.string(), extraction: v.string() }),
    }),
  }),
  handler: async (ctx) => {
    const [articles, products] = await Promise.all([ctx.db.query("articles").first(), ctx.db.query("products").first()]);
    const hasContent = articles !== null && products !== null;
    const items: DebugTestItem[] = [
      { id: "query", title: "This query ran on the Convex backend", status: "ok" },
      { id: "admin", title: `Caller's role checked on the server: ${ctx.viewer.role}`, status: "ok" },
      { id: "content", title: "Articles and products have rows", status: hasContent ? "ok" : "empty" },
    ];
    return {
      serverTime: Date.now(),
      testData: { items },
      debugInfo: {
        // Convex sets no NODE_ENV of its own; the embedded backend passes its process's through.
        nodeEnv: (env as unknown as Record<string, string | undefined>).NODE_ENV ?? "not set",
        contentStore: CONTENT_STORE,
        hasContent,
        adapters: currentAdapters(),
      },
    };
  },
});

/** Roles, flags and access levels of SPEC §6 as the server applies them, the caller's own, and each table with whether it holds rows. */
export const permissions = adminQuery({
  args: {},
  returns: v.object({
    viewer: v.object({ role: v.string(), userType: v.string(), tier: v.string(), flags: v.array(v.string()), permissions: v.array(v.string()) }),
    roles: v.array(
      v.object({
        role: v.string(),
        permissions: v.array(v.string()),
        flags: v.array(v.string()),
        readOnly: v.boolean(),
        maxSessionMinutes: v.union(v.number(), v.null()),
        resourceRead: v.boolean(),
        resourceWrite: v.boolean(),
        accessLevels: v.array(accessLevelValidator),
      }),
    ),
    collections: v.array(v.object({ name: v.string(), about: v.string(), access: accessLevelValidator, hasRows: v.boolean() })),
  }),
  handler: async (ctx) => {
    const tables = Object.keys(schema.tables).sort() as TableNames[];
    const collections = await Promise.all(
      tables.map(async (name) => {
        const note = COLLECTION_NOTES[name] ?? OTHER_COLLECTION;
        return { name, about: note.about, access: note.access, hasRows: (await ctx.db.query(name).first()) !== null };
      }),
    );
    const { role, userType, tier } = ctx.viewer;
    const rules = rulesFor(role);
    return { viewer: { role, userType, tier, flags: [...rules.flags], permissions: [...rules.permissions] }, roles: rolesMatrix(), collections };
  },
});

const SUBSCRIPTIONS_SHOWN = 50;

/** The newest subscriptions (whose, which plan, complimentary or paid) and the plans on sale. */
export const subscriptions = adminQuery({
  args: {},
  returns: v.object({
    plans: v.array(v.object({ tier: checkoutTierValidator, cycle: checkoutCycleValidator, name: v.string(), amount: v.number() })),
    subscriptions: v.array(
      v.object({
        id: v.id("subscriptions"),
        email: v.string(),
        memberTier: v.string(),
        tier: checkoutTierValidator,
        billingCycle: v.optional(checkoutCycleValidator),
        status: subscriptionStatusValidator,
        complementary: v.boolean(),
        inForce: v.boolean(),
        currentPeriodEnd: v.optional(v.number()),
        cancelAtPeriodEnd: v.boolean(),
        createdAt: v.number(),
      }),
    ),
    shown: v.number(),
  }),
  handler: async (ctx) => {
    const now = Date.now();
    const rows = await ctx.db.query("subscriptions").order("desc").take(SUBSCRIPTIONS_SHOWN);
    const subscriptions = await Promise.all(
      rows.map(async (row) => {
        const user = await ctx.db.get("users", row.userId);
        return {
          id: row._id,
          email: user?.email ?? "(deleted account)",
          memberTier: user?.tier ?? "",
          tier: row.tier,
          billingCycle: row.billingCycle,
          status: row.status,
          complementary: row.stripeSubscriptionId === undefined,
          inForce: isEntitled(row, now),
          currentPeriodEnd: row.currentPeriodEnd,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          createdAt: row.createdAt,
        };
      }),
    );
    return { plans: PLAN_PRICES.map(({ tier, cycle, name, amount }) => ({ tier, cycle, name, amount })), subscriptions, shown: SUBSCRIPTIONS_SHOWN };
  },
});

async function planInForce(ctx: Pick<QueryCtx, "db">, userId: Id<"users">, now: number) {
  const rows = await ctx.db
    .query("subscriptions")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .collect();
  const inForce = rows.filter((row) => isEntitled(row, now));
  // A paid plan before a complimentary one, as billing.ts reads it.
  return inForce.sort((a, b) => Number(a.stripeSubscriptionId === undefined) - Number(b.stripeSubscriptionId === undefined) || b.updatedAt - a.updatedAt)[0] ?? null;
}

/** What moving a member (the caller unless an e-mail is given) to Mastery would do; null when no account has that e-mail. Charges nothing. */
export const masteryPreview = adminQuery({
  args: { email: v.optional(bounded.line(LIMITS.email)) },
  returns: v.union(
    v.null(),
    v.object({
      email: v.string(),
      name: v.string(),
      subscription: v.union(v.null(), v.object({ tier: checkoutTierValidator, billingCycle: v.optional(checkoutCycleValidator), complementary: v.boolean() })),
      currentTier: v.string(),
      currentTierLabel: v.string(),
      targetTier: v.string(),
      path: v.union(v.literal("none"), v.literal("checkout"), v.literal("changePlan")),
      next: v.union(v.string(), v.null()),
      prices: v.array(v.object({ cycle: checkoutCycleValidator, name: v.string(), amount: v.number() })),
      unlocks: v.array(v.string()),
    }),
  ),
  handler: async (ctx, { email }) => {
    const member = email?.trim() ? await findUserByEmail(ctx.db, normalizeEmail(email)) : ctx.viewer;
    if (!member) return null;
    const row = await planInForce(ctx, member._id, Date.now());
    const subscription = row ? { tier: row.tier, billingCycle: row.billingCycle, complementary: row.stripeSubscriptionId === undefined } : null;
    return {
      email: member.email,
      name: `${member.firstName} ${member.lastName}`.trim() || member.email,
      subscription,
      ...masteryChange(member, subscription),
    };
  },
});

const grantResult = v.object({
  message: v.string(),
  email: v.string(),
  tier: checkoutTierValidator,
  previousTier: v.string(),
  memberTier: v.string(),
  subscriptionId: v.id("subscriptions"),
});

/**
 * Gives a member a complimentary plan: a subscription with no Stripe id and no end, so nothing is
 * charged; the member's tier is then settled from their subscriptions as after any payment.
 */
export const grantComplementary = adminMutation({
  args: { email: bounded.line(LIMITS.email), tier: bounded.token(LIMITS.code) },
  returns: grantResult,
  handler: async (ctx, args) => {
    if (!isGrantableTier(args.tier)) throw userError("PLAN_NOT_FOUND");
    const tier: CheckoutTier = args.tier;
    const member = args.email.trim() ? await findUserByEmail(ctx.db, normalizeEmail(args.email)) : null;
    if (!member) throw userError("NOT_FOUND");
    const now = Date.now();
    const rows = await ctx.db
      .query("subscriptions")
      .withIndex("by_user", (q) => q.eq("userId", member._id))
      .collect();
    if (rows.some((row) => row.stripeSubscriptionId === undefined && isEntitled(row, now))) throw userError("ALREADY_COMPLEMENTARY");
    const subscriptionId = await ctx.db.insert("subscriptions", { userId: member._id, tier, status: "active", cancelAtPeriodEnd: false, createdAt: now, updatedAt: now });
    await settleTier(ctx, member._id, now, { ended: false });
    const after = (await ctx.db.get("users", member._id))!;
    return { message: DEBUG_TEXTS.complementaryGranted(member.email, tier), email: member.email, tier, previousTier: member.tier, memberTier: after.tier, subscriptionId };
  },
});

/** Ends a complimentary plan now (a paid one ends only through Stripe); the tier is settled again. */
export const endComplementary = adminMutation({
  args: { subscriptionId: bounded.token(LIMITS.id) },
  returns: v.object({ message: v.string(), memberTier: v.string() }),
  handler: async (ctx, args) => {
    const id = ctx.db.normalizeId("subscriptions", args.subscriptionId);
    const row = id ? await ctx.db.get("subscriptions", id) : null;
    const now = Date.now();
    if (!row || row.stripeSubscriptionId !== undefined || !isEntitled(row, now)) throw userError("COMPLEMENTARY_NOT_FOUND");
    await ctx.db.patch("subscriptions", row._id, { status: "canceled", expiresAt: now, updatedAt: now });
    await settleTier(ctx, row.userId, now, { ended: false });
    const member = (await ctx.db.get("users", row.userId))!;
    return { message: DEBUG_TEXTS.complementaryEnded(member.email, row.tier), memberTier: member.tier };
  },
});

const PINGS_KEPT = 20;

/** The real-time test's newest pings, live: each appears in every open tab as it is written. */
export const pings = adminQuery({
  args: {},
  returns: v.array(v.object({ id: v.id("debugPings"), sentAt: v.number(), at: v.number() })),
  handler: async (ctx) => {
    const rows = await ctx.db.query("debugPings").withIndex("by_at").order("desc").take(PINGS_KEPT);
    return rows.map((row) => ({ id: row._id, sentAt: row.sentAt, at: row.at }));
  },
});

/** Writes a ping stamped with the server's time, keeping only the newest PINGS_KEPT. */
export const ping = adminMutation({
  args: { sentAt: bounded.time() },
  returns: v.id("debugPings"),
  handler: async (ctx, { sentAt }) => {
    const id = await ctx.db.insert("debugPings", { userId: ctx.viewer._id, sentAt, at: Date.now() });
    const old = await ctx.db.query("debugPings").withIndex("by_at").order("desc").take(PINGS_KEPT + 10);
    for (const row of old.slice(PINGS_KEPT)) await ctx.db.delete("debugPings", row._id);
    return id;
  },
});
