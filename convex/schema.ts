import { rateLimitTables } from "convex-helpers/server/rateLimit";
import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import { CONTACT_SUBJECTS } from "./model/contact";
import { PRODUCT_TYPES } from "./model/products";
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

export const contactSubjectValidator = literals(CONTACT_SUBJECTS);
export const productTypeValidator = literals(PRODUCT_TYPES);
export const articleKindValidator = v.union(v.literal("post"), v.literal("case_study"));
export const emailStatusValidator = v.union(v.literal("queued"), v.literal("sent"), v.literal("stored"), v.literal("failed"));

export const contactMessageFields = {
  name: v.string(),
  email: v.string(),
  subject: v.optional(contactSubjectValidator),
  message: v.string(),
  createdAt: v.number(),
  read: v.boolean(),
  /** The signed-in member who wrote, when there was one. */
  userId: v.optional(v.id("users")),
};

export const eventFields = {
  slug: v.string(),
  title: v.string(),
  /** Start as UTC epoch ms; shown in the visitor's time zone. */
  startsAt: v.number(),
  durationMinutes: v.number(),
  location: v.string(),
  isOnline: v.boolean(),
  description: v.string(),
  registrationUrl: v.string(),
};

export const productFields = {
  slug: v.string(),
  name: v.string(),
  type: productTypeValidator,
  durationMinutes: v.optional(v.number()),
  shortDescription: v.string(),
  /** Integer cents. */
  price: v.number(),
  isAvailable: v.boolean(),
  maxQuantity: v.number(),
  sortOrder: v.number(),
};

export const articleFields = {
  kind: articleKindValidator,
  slug: v.string(),
  title: v.string(),
  summary: v.string(),
  body: v.string(),
  author: v.string(),
  publishedAt: v.number(),
  readingMinutes: v.number(),
  tags: v.array(v.string()),
};

export const emailOutboxFields = {
  to: v.string(),
  subject: v.string(),
  text: v.string(),
  template: v.string(),
  createdAt: v.number(),
  status: emailStatusValidator,
  providerId: v.optional(v.string()),
  error: v.optional(v.string()),
};

export default defineSchema({
  ...rateLimitTables,
  users: defineTable(userFields)
    .index("by_token", ["tokenIdentifier"])
    .index("by_email", ["email"])
    .index("by_role_and_status", ["role", "status"])
    .index("by_status_and_last_active", ["status", "lastActiveAt"]),
  contactMessages: defineTable(contactMessageFields).index("by_created", ["createdAt"]),
  newsletterSubscribers: defineTable({ email: v.string(), name: v.string(), createdAt: v.number(), source: v.string() }).index(
    "by_email",
    ["email"],
  ),
  events: defineTable(eventFields)
    .index("by_title", ["title"])
    .index("by_starts_at", ["startsAt"]),
  eventRegistrations: defineTable({ eventId: v.id("events"), userId: v.optional(v.id("users")), createdAt: v.number() }).index(
    "by_event_and_user",
    ["eventId", "userId"],
  ),
  products: defineTable(productFields)
    .index("by_slug", ["slug"])
    .index("by_sort_order", ["sortOrder"]),
  /** Blog posts and case studies: markdown bodies, rendered through a sanitising renderer. */
  articles: defineTable(articleFields)
    .index("by_kind_and_slug", ["kind", "slug"])
    .index("by_kind_and_published", ["kind", "publishedAt"]),
  /**
   * Every e-mail the product sends. In the embedded default this is the delivery (admins read it
   * in the app); with Resend configured it is the record of what Resend was asked to send.
   */
  emailOutbox: defineTable(emailOutboxFields).index("by_created", ["createdAt"]),
  /** Webhook deliveries already applied, so a redelivery changes nothing (ARCHITECTURE §4). */
  webhookEvents: defineTable({ provider: v.string(), eventId: v.string(), receivedAt: v.number() }).index("by_provider_and_event", [
    "provider",
    "eventId",
  ]),
});
