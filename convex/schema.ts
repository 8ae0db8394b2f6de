import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import { ROLES, TIERS } from "./model/permissions";

const literals = <T extends string>(values: readonly T[]) => v.union(...values.map((value) => v.literal(value)));

export const roleValidator = literals(ROLES);
export const tierValidator = literals(TIERS);
export const userStatusValidator = v.union(v.literal("active"), v.literal("deactivated"));
export const deactivationReasonValidator = v.union(
  v.literal("inactivity_90_days"),
  v.literal("subscription_cancelled"),
  v.literal("other"),
);

export const userFields = {
  /** `${issuer}|${subject}` of the identity provider; absent until first sign-in of a pre-provisioned account. */
  tokenIdentifier: v.optional(v.string()),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  role: roleValidator,
  /** Values starting with "guest" are guests (SPEC §3). */
  userType: v.string(),
  tier: tierValidator,
  createdAt: v.number(),
  forumMember: v.boolean(),
  status: userStatusValidator,
  deactivationReason: v.optional(deactivationReasonValidator),
  deactivatedAt: v.optional(v.number()),
  /** IANA time zone for showing times; stored times are UTC epoch ms. */
  timezone: v.string(),
  lastActiveAt: v.number(),
};

export default defineSchema({
  users: defineTable(userFields)
    .index("by_token", ["tokenIdentifier"])
    .index("by_email", ["email"])
    .index("by_role_and_status", ["role", "status"])
    .index("by_status_and_last_active", ["status", "lastActiveAt"]),
  /** Webhook deliveries already applied, so a redelivery changes nothing (ARCHITECTURE §4). */
  webhookEvents: defineTable({ provider: v.string(), eventId: v.string(), receivedAt: v.number() }).index("by_provider_and_event", [
    "provider",
    "eventId",
  ]),
});
