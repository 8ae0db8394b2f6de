import { defineSchema, defineTable } from "convex/server";
import { v } from "convex/values";
import { AVAILABILITY_LIMITS } from "./model/availability";
import { bounded, LIMITS } from "./model/bounds";
import { CHECKOUT_CYCLES, CHECKOUT_TIERS, SUBSCRIPTION_STATUSES } from "./model/billing";
import { PAYMENT_ERROR_CODES } from "./model/paymentErrors";
import { CONTACT_SUBJECTS } from "./model/contactSubjects";
import { EMAIL_STATUSES } from "./model/email";
import { CAMPAIGN_STATUSES, CAMPAIGN_TEST_TYPES, RECIPIENT_EVENTS, TEMPLATE_CATEGORIES } from "./model/emailSystem";
import { INACTIVITY_STAGES, INACTIVITY_WARNING_DAYS } from "./model/inactivity";
import { SECURITY_INCIDENT_KINDS } from "./model/reactivation";
import { NUDGE_ANSWERS } from "./model/nudgeRules";
import { AGENDA_SOURCES, CHECK_IN_KEYS } from "./model/agendaRules";
import { FOCUS_OUTCOMES, FOCUS_REPORT_REASONS } from "./model/focusRules";
import { FIELD_TYPES, ONBOARDING_ACTIONS, ONBOARDING_LIMITS } from "./model/onboarding";
import {
  FORUM_BODY_MAX,
  FORUM_MODERATION_ACTIONS,
  FORUM_POST_STATUSES,
  FORUM_REACTIONS,
  FORUM_REASON_MAX,
  FORUM_REPORT_STATUSES,
  FORUM_TITLE_MAX,
  FORUM_VISIBILITIES,
} from "./model/forumRules";
import { FORUM_MESSAGES } from "./model/messages";
import { PREMIUM_CONTENT_TYPES } from "./model/premiumContent";
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
  /** How other members see this person in the community forum; absent until they choose one. */
  forumName: v.optional(v.string()),
  /** forumName in lower case: names are unique ignoring case (index by_forum_name_key). */
  forumNameKey: v.optional(v.string()),
  status: userStatusValidator,
  deactivationReason: v.optional(deactivationReasonValidator),
  deactivatedAt: v.optional(v.number()),
  /** IANA time zone for showing times; stored times are UTC epoch ms. */
  timezone: v.string(),
  lastActiveAt: v.number(),
  /** Name and e-mail as search words (model/userAdmin.ts searchTextOf); absent on rows older than the search, until backfilled. */
  searchText: v.optional(v.string()),
  /** `updated_at` of the last identity-provider event applied, so an older event delivered late changes nothing. */
  identityUpdatedAt: v.optional(v.number()),
  /** When the retention clean-up removed this deactivated account's personal data (convex/retention.ts). */
  anonymizedAt: v.optional(v.number()),
};

export const contactSubjectValidator = literals(CONTACT_SUBJECTS);
export const productTypeValidator = literals(PRODUCT_TYPES);
export const articleKindValidator = v.union(v.literal("post"), v.literal("case_study"));
export const emailStatusValidator = literals(EMAIL_STATUSES);

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

export const checkoutTierValidator = literals(CHECKOUT_TIERS);
export const checkoutCycleValidator = literals(CHECKOUT_CYCLES);
export const subscriptionStatusValidator = literals(SUBSCRIPTION_STATUSES);
export const paymentErrorCodeValidator = literals(PAYMENT_ERROR_CODES);

/**
 * A member's plan (SPEC §3 Subscription). Paid ones mirror a Stripe subscription and change only
 * from its webhook events; a complimentary one has no Stripe id and no expiresAt.
 */
export const subscriptionFields = {
  userId: v.id("users"),
  tier: checkoutTierValidator,
  billingCycle: v.optional(checkoutCycleValidator),
  status: subscriptionStatusValidator,
  stripeSubscriptionId: v.optional(v.string()),
  stripeCustomerId: v.optional(v.string()),
  /** The subscription item whose price a plan change replaces. */
  stripeItemId: v.optional(v.string()),
  currentPeriodStart: v.optional(v.number()),
  currentPeriodEnd: v.optional(v.number()),
  cancelAtPeriodEnd: v.boolean(),
  /** When access ends (the paid period's end); none means complimentary. */
  expiresAt: v.optional(v.number()),
  /** `created` (ms) of the Stripe event this row was last written from: older events are ignored. */
  stripeEventAt: v.optional(v.number()),
  createdAt: v.number(),
  updatedAt: v.number(),
};

export const orderLineValidator = v.object({
  productId: v.id("products"),
  name: v.string(),
  type: productTypeValidator,
  quantity: v.number(),
  unitPrice: v.number(),
  totalPrice: v.number(),
  minutes: v.number(),
});

/** One checkout attempt, priced by the server; the client's idempotency key makes a double submit the same order. */
export const orderFields = {
  userId: v.id("users"),
  idempotencyKey: v.string(),
  kind: v.union(v.literal("subscription"), v.literal("cart")),
  tier: v.optional(checkoutTierValidator),
  billingCycle: v.optional(checkoutCycleValidator),
  items: v.array(orderLineValidator),
  /** Integer cents. */
  amount: v.number(),
  currency: v.string(),
  cardholderName: v.string(),
  status: v.union(v.literal("pending"), v.literal("paid"), v.literal("failed")),
  failureCode: v.optional(paymentErrorCodeValidator),
  stripePaymentIntentId: v.optional(v.string()),
  stripeSubscriptionId: v.optional(v.string()),
  /** Handed back only to the order's owner, to confirm the payment with Stripe. */
  clientSecret: v.optional(v.string()),
  /** A session the member chose to book with a time package, booked once the minutes arrive. */
  schedule: v.optional(v.object({ coachId: v.id("users"), startsAt: v.number() })),
  /** The session booked for `schedule` once the order was paid. */
  scheduledSessionId: v.optional(v.id("sessions")),
  /** Why `schedule` could not be booked after paying (the time was taken meanwhile); the minutes stay credited. */
  scheduleProblem: v.optional(v.string()),
  createdAt: v.number(),
  paidAt: v.optional(v.number()),
};

/** Money received, one row per Stripe invoice or payment intent: the payment history and the spend chart. */
export const paymentFields = {
  userId: v.id("users"),
  /** The Stripe invoice or payment intent id, so a redelivered event records nothing twice. */
  sourceId: v.string(),
  amount: v.number(),
  currency: v.string(),
  description: v.string(),
  paidAt: v.number(),
  orderId: v.optional(v.id("orders")),
};

export const premiumContentTypeValidator = literals(PREMIUM_CONTENT_TYPES);

/** A premium content item (SPEC §3), for premium tiers only (convex/premium.ts). */
export const premiumContentFields = {
  type: premiumContentTypeValidator,
  title: v.string(),
  description: v.string(),
  /** How long it takes, as people say it: "6 weeks", "20 minutes", "Self-paced". */
  duration: v.string(),
  modules: v.optional(v.number()),
  downloads: v.optional(v.number()),
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
  /** Given by the caller so that the same e-mail queued twice (a retried job) is sent once. */
  idempotencyKey: v.optional(v.string()),
  /** The Resend component's id of the e-mail, which holds its delivery state in both modes. */
  componentEmailId: v.optional(v.string()),
  /** Resend's id of the e-mail, once accepted: what its webhook events name. */
  providerId: v.optional(v.string()),
  /** Why it did not arrive (failed, bounced, complained). */
  error: v.optional(v.string()),
  /** The HTML part, for e-mails that have one (campaigns: tracking pixel and tracked links). */
  html: v.optional(v.string()),
  /** The campaign recipient this e-mail went to, so its delivery events reach the campaign's counts. */
  campaignRecipientId: v.optional(v.id("campaignRecipients")),
  /** Files sent with it, as text (a booking's iCalendar invitation). */
  attachments: v.optional(v.array(v.object({ filename: v.string(), contentType: v.string(), content: v.string() }))),
};

export const campaignStatusValidator = literals(CAMPAIGN_STATUSES);
export const campaignTestTypeValidator = literals(CAMPAIGN_TEST_TYPES);
export const templateCategoryValidator = literals(TEMPLATE_CATEGORIES);
export const recipientEventValidator = literals(RECIPIENT_EVENTS);

export const campaignAudienceValidator = v.union(
  v.object({ kind: v.literal("newsletter") }),
  v.object({ kind: v.literal("tier"), tier: tierValidator }),
  v.object({ kind: v.literal("role"), role: roleValidator }),
);

/** One version of what a campaign says: a normal campaign has one, an A/B test two or more. */
export const campaignVariantValidator = v.object({ label: v.string(), subject: v.string(), body: v.string() });

export const emailTemplateFields = {
  name: v.string(),
  category: templateCategoryValidator,
  subject: v.string(),
  /** Plain text with {{variables}} (model/emailSystem.ts TEMPLATE_VARIABLES) and bare https links. */
  body: v.string(),
  createdBy: v.id("users"),
  createdAt: v.number(),
  updatedAt: v.number(),
  archivedAt: v.optional(v.number()),
};

export const emailCampaignFields = {
  name: v.string(),
  templateId: v.id("emailTemplates"),
  /** The template's category when the campaign was made, so its counts stay with that category. */
  category: templateCategoryValidator,
  audience: campaignAudienceValidator,
  variants: v.array(campaignVariantValidator),
  /** Set for A/B tests (two or more variants): what the variants differ in. */
  testType: v.optional(campaignTestTypeValidator),
  status: campaignStatusValidator,
  createdBy: v.id("users"),
  createdAt: v.number(),
  scheduledFor: v.optional(v.number()),
  scheduledJobId: v.optional(v.id("_scheduled_functions")),
  startedAt: v.optional(v.number()),
  sentAt: v.optional(v.number()),
  /** Recipients queued so far. */
  recipientCount: v.number(),
  /** Where the next batch goes on in the audience (a pagination cursor); null once all are queued. */
  cursor: v.optional(v.union(v.string(), v.null())),
  /** Every link the campaign's e-mails hold: the click redirect follows these and nothing else. */
  links: v.array(v.string()),
  error: v.optional(v.string()),
  /** A finished A/B test: the winning variant's label and its relative lift over the runner-up, percent. */
  abResult: v.optional(v.object({ winner: v.string(), improvement: v.number(), completedAt: v.number() })),
};

export const campaignRecipientFields = {
  campaignId: v.id("emailCampaigns"),
  /** Index into the campaign's variants. */
  variant: v.number(),
  email: v.string(),
  userId: v.optional(v.id("users")),
  subscriberId: v.optional(v.id("newsletterSubscribers")),
  /** Random, unguessable: names this recipient in the open pixel and click links. */
  token: v.string(),
  outboxId: v.optional(v.id("emailOutbox")),
  /** The furthest event so far; each event's time is kept once. */
  lastEvent: v.optional(recipientEventValidator),
  sentAt: v.optional(v.number()),
  deliveredAt: v.optional(v.number()),
  openedAt: v.optional(v.number()),
  clickedAt: v.optional(v.number()),
  bouncedAt: v.optional(v.number()),
  complainedAt: v.optional(v.number()),
};

/** One recipient event. The fold (model/emailRollups.ts) adds it to the e-mail counts, once. */
export const emailEventFields = {
  campaignId: v.id("emailCampaigns"),
  templateId: v.id("emailTemplates"),
  category: templateCategoryValidator,
  variant: v.number(),
  recipientId: v.id("campaignRecipients"),
  type: recipientEventValidator,
  at: v.number(),
  /**
   * false while the event waits for the fold, true once it is in the counts. Absent on events
   * written before the counts were folded: the backfill counts those and sets it.
   */
  folded: v.optional(v.boolean()),
};

/** How many recipients reached each event: the figures of one e-mail count row. */
export const eventCountsValidator = v.object({
  sent: v.number(),
  delivered: v.number(),
  opened: v.number(),
  clicked: v.number(),
  bounced: v.number(),
  complained: v.number(),
});

/** Addresses that asked for no more campaign e-mail (or whose e-mail bounced or complained). */
export const emailSuppressionFields = {
  email: v.string(),
  reason: v.union(v.literal("unsubscribed"), v.literal("bounced"), v.literal("complained")),
  at: v.number(),
  campaignId: v.optional(v.id("emailCampaigns")),
};

/** One measured check of a service the e-mail system depends on. */
export const healthProbeFields = {
  service: v.string(),
  at: v.number(),
  ok: v.boolean(),
  /** How long the check took, ms; absent when it could not be measured. */
  responseTimeMs: v.optional(v.number()),
  error: v.optional(v.string()),
  /** A measured resource (memory, disk): how much of how much is in use, bytes. */
  used: v.optional(v.number()),
  total: v.optional(v.number()),
};

/** Checks and failures of one service in one UTC hour, kept with each probe so uptime never scans probes. */
export const healthProbeHourFields = {
  service: v.string(),
  /** Start of the hour, epoch ms. */
  hour: v.number(),
  checks: v.number(),
  failures: v.number(),
};

export const errorCategoryValidator = v.union(
  v.literal("network"),
  v.literal("authentication"),
  v.literal("validation"),
  v.literal("payment"),
  v.literal("data"),
  v.literal("system"),
  v.literal("user"),
  v.literal("unknown"),
);
export const errorSeverityValidator = v.union(v.literal("low"), v.literal("medium"), v.literal("high"), v.literal("critical"));

/** SPEC §3 structured error record; the id is the document's. code, title and message are never empty. */
export const errorRecordFields = {
  category: errorCategoryValidator,
  severity: errorSeverityValidator,
  code: v.string(),
  title: v.string(),
  message: v.string(),
  details: v.optional(v.string()),
  context: v.optional(v.record(v.string(), v.string())),
  recovery: v.optional(v.string()),
  timestamp: v.number(),
  reported: v.boolean(),
  userId: v.optional(v.id("users")),
  sessionId: v.optional(v.string()),
  /** Which part of the system failed (email, campaigns, stripe, ...), for grouping. */
  service: v.string(),
  /** service + code + message: occurrences of the same failure share it. */
  fingerprint: v.string(),
  /** The support code a member can quote (shown beside the error in the browser), for reports from the web app. */
  reference: v.optional(v.string()),
};

/** Pageviews and route load times of one route on one UTC day, kept as events arrive (no raw rows). */
export const routeStatsDailyFields = {
  /** UTC day, yyyy-MM-dd. */
  day: v.string(),
  /** The route's pattern (/forum/t/$threadId), never a concrete path with ids or query strings. */
  route: v.string(),
  views: v.number(),
  /** Views that carried a load time, and their sum and maximum in ms. */
  timedViews: v.number(),
  totalLoadMs: v.number(),
  maxLoadMs: v.number(),
  /** Timed views per SPEC §9 cognitive level. */
  low: v.number(),
  medium: v.number(),
  high: v.number(),
};

export const cronRunOutcomeValidator = v.union(v.literal("running"), v.literal("succeeded"), v.literal("failed"));

/** One run of one cron job (convex/cronJobs.ts), so admins see each job's last run and outcome. */
export const cronRunFields = {
  job: v.string(),
  startedAt: v.number(),
  finishedAt: v.optional(v.number()),
  outcome: cronRunOutcomeValidator,
  error: v.optional(v.string()),
};

/** Occurrences of one failure, kept as they arrive so the errors tab never counts records. */
export const errorGroupFields = {
  fingerprint: v.string(),
  service: v.string(),
  code: v.string(),
  severity: errorSeverityValidator,
  message: v.string(),
  count: v.number(),
  firstAt: v.number(),
  lastAt: v.number(),
  lastRecordId: v.id("errorRecords"),
};

/** Ledger entry kinds (ARCHITECTURE §4): the balance is their sum and never goes negative. */
export const ledgerKindValidator = v.union(
  v.literal("purchase"),
  v.literal("booking_debit"),
  v.literal("refund"),
  v.literal("expiry"),
  v.literal("adjustment"),
);

export const timeLedgerFields = {
  userId: v.id("users"),
  kind: ledgerKindValidator,
  /** Signed whole minutes: purchases, refunds and credits are positive; debits and expiries negative. */
  minutes: v.number(),
  at: v.number(),
  note: v.string(),
  sessionId: v.optional(v.id("sessions")),
  /** Who wrote an adjustment, or who caused a refund. */
  actorId: v.optional(v.id("users")),
};

/**
 * The derived balance of one member, kept in the same transaction as every ledger entry. It is
 * what every booking reads and writes, so two racing bookings conflict and one retries against
 * the lower balance (Convex mutations are serializable).
 */
export const timeBalanceFields = {
  userId: v.id("users"),
  /** Minutes ever credited: purchases and positive adjustments. */
  totalMinutes: v.number(),
  /** totalMinutes - remainingMinutes: booked (net of refunds), expired or adjusted away. */
  consumedMinutes: v.number(),
  remainingMinutes: v.number(),
  expiresAt: v.optional(v.number()),
  lastPurchaseAt: v.optional(v.number()),
};

export const sessionStatusValidator = v.union(v.literal("scheduled"), v.literal("completed"), v.literal("no_show"), v.literal("cancelled"));

/** A booked coaching session: the booking (/dashboard/bookings/{id}) and the session (/session/{id}) are one row. */
export const sessionFields = {
  /** "intro": the free intro session of /free-intro-session, one per account, no minutes debited. */
  kind: v.optional(v.literal("intro")),
  title: v.string(),
  description: v.string(),
  coachId: v.id("users"),
  /** The participant_user of SPEC §3. */
  memberId: v.id("users"),
  /** UTC epoch ms. */
  startsAt: v.number(),
  endsAt: v.number(),
  durationMinutes: v.number(),
  status: sessionStatusValidator,
  meetingUrl: v.string(),
  bookedAt: v.number(),
  /** Minutes taken from the member's ledger for this booking (0 after a refund). */
  debitedMinutes: v.number(),
  cancelledAt: v.optional(v.number()),
  cancelledBy: v.optional(v.id("users")),
  cancelReason: v.optional(v.string()),
  /** A late cancellation the member's monthly grace covered. */
  graceCancel: v.optional(v.boolean()),
  completedAt: v.optional(v.number()),
  startedAt: v.optional(v.number()),
  /** Scheduled reminder jobs (24 h, 1 h, 10 min before), cancelled with the booking. */
  reminderJobs: v.array(v.id("_scheduled_functions")),
  /** The iCalendar SEQUENCE of the invitation last sent (absent: 0), raised by each move and the cancellation. */
  calendarSequence: v.optional(v.number()),
};

/** When a member would take an earlier time, in their own zone (the sooner-slot waitlist). */
export const waitlistWindowValidator = v.object({
  /** Local days, "YYYY-MM-DD", first and last included. */
  fromDay: v.string(),
  toDay: v.string(),
  /** Local times of day, "HH:MM": the session starts at or after `fromTime` and ends by `toTime`. */
  fromTime: v.string(),
  toTime: v.string(),
  /** 0 (Sunday) to 6. */
  weekdays: v.array(v.number()),
});

/** A member waiting for an earlier time than their booked session, in the order they joined. */
export const waitlistRequestFields = {
  memberId: v.id("users"),
  coachId: v.id("users"),
  /** The booking that moves when an earlier time is claimed. */
  sessionId: v.id("sessions"),
  window: waitlistWindowValidator,
  /** The member's zone when they joined: the window's days and times are in it. */
  timezone: v.string(),
  joinedAt: v.number(),
  /** waiting: may be offered a time; offered: holds one now; moved: claimed one; left: left, or the booking ended. */
  status: v.union(v.literal("waiting"), v.literal("offered"), v.literal("moved"), v.literal("left")),
  /** Times offered before and passed up (declined or let run out), not offered again. */
  passed: v.array(v.number()),
};

/** An earlier time held for one waiting member until `expiresAt`: nobody else can book it meanwhile. */
export const waitlistOfferFields = {
  requestId: v.id("waitlistRequests"),
  memberId: v.id("users"),
  coachId: v.id("users"),
  sessionId: v.id("sessions"),
  startsAt: v.number(),
  endsAt: v.number(),
  offeredAt: v.number(),
  expiresAt: v.number(),
  status: v.union(v.literal("open"), v.literal("claimed"), v.literal("declined"), v.literal("expired"), v.literal("withdrawn")),
};

/**
 * A private calendar feed: whoever holds the URL with `token` reads its owner's upcoming sessions,
 * so the token is 256 random bits. It is kept as it is (not hashed) because the owner may copy
 * the URL again from Settings, as calendar services let one; a new link deletes the row.
 */
export const calendarFeedFields = {
  userId: v.id("users"),
  token: v.string(),
  createdAt: v.number(),
};

/** A member's gentle nudges: off unless they turn them on. `nextAt` is when the sweep looks at them next. */
export const nudgeSettingFields = {
  userId: v.id("users"),
  enabled: v.boolean(),
  quietStart: v.number(),
  quietEnd: v.number(),
  nextAt: v.number(),
  /** The member's local day ("YYYY-MM-DD") of the last nudge: one a day at most. */
  lastDay: v.optional(v.string()),
};

export const nudgeAnswerValidator = literals(NUDGE_ANSWERS);

/** One nudge sent: the items it named and how each was answered. Its links carry `jti`; each item answers once. */
export const nudgeFields = {
  userId: v.id("users"),
  day: v.string(),
  sentAt: v.number(),
  jti: v.string(),
  expiresAt: v.number(),
  items: v.array(
    v.object({ actionItemId: v.id("actionItems"), title: v.string(), answer: v.optional(nudgeAnswerValidator), answeredAt: v.optional(v.number()) }),
  ),
};

export const checkInKeyValidator = literals(CHECK_IN_KEYS);

/** The member's check-in before a session: each answer optional, saved as it is typed. */
export const sessionCheckInFields = {
  sessionId: v.id("sessions"),
  memberId: v.id("users"),
  moved: v.optional(v.string()),
  stuck: v.optional(v.string()),
  focus: v.optional(v.string()),
  updatedAt: v.number(),
};

export const agendaSourceValidator = literals(AGENDA_SOURCES);

/**
 * One line of a session's agenda, once someone has changed the draft (model/agenda.ts): the
 * draft's lines are kept from then on, in `position` order. `key` names where a line came from
 * (agendaRules.agendaKeys); a line added by hand has none. After the session the lines are its notes.
 */
export const agendaItemFields = {
  sessionId: v.id("sessions"),
  key: v.optional(v.string()),
  source: agendaSourceValidator,
  text: v.string(),
  actionItemId: v.optional(v.id("actionItems")),
  dueDate: v.optional(v.string()),
  timestamp: v.optional(v.string()),
  checkIn: v.optional(checkInKeyValidator),
  position: v.number(),
  done: v.boolean(),
  addedBy: v.optional(v.id("users")),
  updatedAt: v.number(),
};

export const focusOutcomeValidator = literals(FOCUS_OUTCOMES);
export const focusReportReasonValidator = literals(FOCUS_REPORT_REASONS);

/** A focus room (model/focus.ts): 25 or 50 minutes from `startsAt`; who is in it now is the presence component's. */
export const focusRoomFields = {
  hostId: v.id("users"),
  /** Hosted by a coach or an admin, who may remove a participant. */
  hostIsStaff: v.boolean(),
  minutes: v.number(),
  startsAt: v.number(),
  endsAt: v.number(),
  /** Set by the job at `endsAt`: the pages show the check-in from it, whatever a browser's clock says. */
  endedAt: v.optional(v.number()),
  createdAt: v.number(),
};

/** One person's seat in a focus room, kept after they leave: their goal, and how it went. */
export const focusParticipantFields = {
  roomId: v.id("focusRooms"),
  userId: v.id("users"),
  goal: v.string(),
  joinedAt: v.number(),
  leftAt: v.optional(v.number()),
  /** Taken out of the room (by its staff host, or by a block), so they cannot join it again. */
  removed: v.optional(v.boolean()),
  outcome: v.optional(focusOutcomeValidator),
  checkedInAt: v.optional(v.number()),
};

/** Focus days of one member: the count only grows (a missed day costs nothing). */
export const focusStreakFields = {
  userId: v.id("users"),
  days: v.number(),
  /** The member's local date of their latest focus day. */
  lastDay: v.string(),
};

/** A member who does not want to share a focus room with another; either way round keeps them apart. */
export const memberBlockFields = {
  blockerId: v.id("users"),
  blockedId: v.id("users"),
  createdAt: v.number(),
};

export const focusReportFields = {
  roomId: v.id("focusRooms"),
  reporterId: v.id("users"),
  reportedId: v.id("users"),
  reason: focusReportReasonValidator,
  details: v.optional(v.string()),
  status: v.union(v.literal("open"), v.literal("resolved")),
  createdAt: v.number(),
  resolvedAt: v.optional(v.number()),
  resolvedBy: v.optional(v.id("users")),
};

/**
 * A free intro asked for on /free-intro-session, waiting for the e-mailed link. It holds the time
 * (the coach's slot is busy while it is pending and unexpired) whether or not the address has an
 * account, so neither the answer nor the calendar tells who has one. Only the link's hash is kept.
 */
export const introRequestFields = {
  email: v.string(),
  /** As typed; the new account's name when the link is confirmed. */
  name: v.string(),
  timezone: v.string(),
  coachId: v.id("users"),
  startsAt: v.number(),
  endsAt: v.number(),
  /** SHA-256 of the link's token, hex. */
  tokenHash: v.string(),
  status: v.union(v.literal("pending"), v.literal("confirmed"), v.literal("replaced")),
  createdAt: v.number(),
  /** The link works and the time is held until then: 24 hours, or the session's start if sooner. */
  expiresAt: v.number(),
  bookingId: v.optional(v.id("sessions")),
};

const availabilityWindow = v.object({ start: bounded.token(LIMITS.dateText), end: bounded.token(LIMITS.dateText) });

/** A coach's weekly hours and exceptions, in the coach's own time zone. */
export const availabilityFields = {
  coachId: v.id("users"),
  timezone: bounded.token(LIMITS.timezone),
  /** Weekly windows: weekday 0 (Sunday) to 6, start and end as "HH:MM" local time. */
  weekly: bounded.array(availabilityWindow.extend({ weekday: bounded.int(0, 6) }), AVAILABILITY_LIMITS.weeklyWindows),
  /** Dates ("YYYY-MM-DD", local) that replace the weekly windows; an empty list is a day off. */
  exceptions: bounded.array(
    v.object({
      date: bounded.token(LIMITS.dateText),
      windows: bounded.array(availabilityWindow, AVAILABILITY_LIMITS.windowsPerException),
    }),
    AVAILABILITY_LIMITS.exceptions,
  ),
  updatedAt: v.number(),
};

export const recordingFields = {
  sessionId: v.id("sessions"),
  /** Copied from the session, so a member's recordings are one index range. */
  memberId: v.id("users"),
  storageId: v.id("_storage"),
  title: v.string(),
  contentType: v.string(),
  size: v.number(),
  durationSeconds: v.optional(v.number()),
  uploadedBy: v.id("users"),
  createdAt: v.number(),
};

/**
 * One upload URL handed to a staff member (recordings:generateUploadUrl), and the file it brought,
 * once that file is first used: who uploaded each stored file, so a file is filed only by its
 * uploader (or an admin, logged in auditLog).
 */
export const uploadFields = {
  uploadedBy: v.id("users"),
  grantedAt: v.number(),
  /** The URL's lifetime: a file stored after this was not uploaded through it. */
  expiresAt: v.number(),
  /** The file uploaded through the URL; absent until the uploader first uses it. */
  storageId: v.optional(v.id("_storage")),
  registeredAt: v.optional(v.number()),
};

/** An admin's use of something that is someone else's, for the record. */
export const auditLogFields = {
  at: v.number(),
  actorId: v.id("users"),
  action: v.literal("recording_from_foreign_upload"),
  storageId: v.optional(v.id("_storage")),
  /** The uploader, when one is recorded for the file. */
  uploadedBy: v.optional(v.id("users")),
  sessionId: v.optional(v.id("sessions")),
};

export const transcriptSegmentValidator = v.object({
  speaker: v.optional(v.string()),
  /** Seconds from the start of the session; shown as MM:SS. */
  startSeconds: v.number(),
  text: v.string(),
});

export const keyPointValidator = v.object({ quote: v.string(), startSeconds: v.number() });

export const transcriptFields = {
  sessionId: v.id("sessions"),
  memberId: v.id("users"),
  format: v.union(v.literal("text"), v.literal("vtt")),
  segments: v.array(transcriptSegmentValidator),
  /** The plain text, what extraction quotes must be exact substrings of. */
  text: v.string(),
  uploadedBy: v.id("users"),
  createdAt: v.number(),
  /** Quotes for the next session's agenda, each an exact part of a segment; absent on transcripts from before agendas. */
  keyPoints: v.optional(v.array(keyPointValidator)),
  keyPointsBy: v.optional(v.union(v.literal("rules"), v.literal("openai"))),
};

export const notificationTypeValidator = v.union(
  v.literal("booking_updated"),
  v.literal("session_started"),
  v.literal("session_completed"),
  v.literal("transcript_ready"),
  v.literal("system_alert"),
  v.literal("action_item"),
);
export const notificationPriorityValidator = v.union(v.literal("urgent"), v.literal("high"), v.literal("medium"), v.literal("low"));

export const forumVisibilityValidator = literals(FORUM_VISIBILITIES);
export const forumPostStatusValidator = literals(FORUM_POST_STATUSES);
export const forumReactionValidator = literals(FORUM_REACTIONS);
export const forumReportStatusValidator = literals(FORUM_REPORT_STATUSES);
export const forumModerationActionValidator = literals(FORUM_MODERATION_ACTIONS);
/** What a member writes in the forum, bounded with the forum's own words. */
export const forumTitleArg = bounded.line(FORUM_TITLE_MAX, FORUM_MESSAGES.TITLE_INVALID);
export const forumBodyArg = bounded.text(FORUM_BODY_MAX, FORUM_MESSAGES.BODY_TOO_LONG);
export const forumReasonArg = bounded.text(FORUM_REASON_MAX, FORUM_MESSAGES.REASON_INVALID);

/** A forum category. Counts are kept in the transactions that change them, so lists never scan. */
export const forumCategoryFields = {
  slug: v.string(),
  name: v.string(),
  description: v.string(),
  visibility: forumVisibilityValidator,
  sortOrder: v.number(),
  /** Visible threads in the category. */
  threadCount: v.number(),
  lastActivityAt: v.optional(v.number()),
};

/** A thread: its title, place and state; its opening post is the forumPosts row with `opening: true`. */
export const forumThreadFields = {
  categoryId: v.id("forumCategories"),
  authorId: v.id("users"),
  title: v.string(),
  /** The opening post's status: a hidden or deleted opening post hides or deletes the thread. */
  status: forumPostStatusValidator,
  pinned: v.boolean(),
  locked: v.boolean(),
  createdAt: v.number(),
  /** The newest visible post's time: lists sort by it and unread markers compare with it. */
  lastActivityAt: v.number(),
  /** Visible replies, the opening post not counted. */
  replyCount: v.number(),
  lastPostAuthorId: v.optional(v.id("users")),
};

/** A post: a thread's opening post or a reply. */
export const forumPostFields = {
  threadId: v.id("forumThreads"),
  authorId: v.id("users"),
  opening: v.boolean(),
  /** Markdown; emptied when its author deletes it. */
  body: v.string(),
  status: forumPostStatusValidator,
  createdAt: v.number(),
  /** When its author last edited it: shown as "edited". */
  editedAt: v.optional(v.number()),
  /** What search reads (model/forumRules.ts searchTextOf); empty once deleted. */
  searchText: v.string(),
  /** Reactions by name and how many gave each; names absent mean none. */
  reactionCounts: v.record(v.string(), v.number()),
  /** The moderator's reason for hiding or deleting it, shown to staff. */
  moderationReason: v.optional(v.string()),
};

export const forumReactionFields = {
  postId: v.id("forumPosts"),
  userId: v.id("users"),
  reaction: forumReactionValidator,
  createdAt: v.number(),
};

/** A member's own state of a thread: following it, and how far they have read. */
export const forumThreadStateFields = {
  userId: v.id("users"),
  threadId: v.id("forumThreads"),
  followed: v.boolean(),
  lastReadAt: v.number(),
};

export const forumReportFields = {
  postId: v.id("forumPosts"),
  threadId: v.id("forumThreads"),
  reporterId: v.id("users"),
  reason: v.string(),
  status: forumReportStatusValidator,
  createdAt: v.number(),
  resolvedAt: v.optional(v.number()),
  resolvedBy: v.optional(v.id("users")),
  /** What the moderator did or said. */
  resolution: v.optional(v.string()),
};

/** One moderation action, for the admins' audit log. */
export const forumAuditFields = {
  actorId: v.id("users"),
  action: forumModerationActionValidator,
  threadId: v.id("forumThreads"),
  postId: v.optional(v.id("forumPosts")),
  reportId: v.optional(v.id("forumReports")),
  reason: v.optional(v.string()),
  fromCategoryId: v.optional(v.id("forumCategories")),
  toCategoryId: v.optional(v.id("forumCategories")),
  at: v.number(),
};

export const notificationFields = {
  userId: v.id("users"),
  type: notificationTypeValidator,
  priority: notificationPriorityValidator,
  title: v.string(),
  message: v.string(),
  read: v.boolean(),
  timestamp: v.number(),
  /** Medium and low only (SPEC §4): urgent and high stay until dismissed. */
  autoHideMs: v.optional(v.number()),
  actions: v.array(v.object({ label: v.string(), url: v.string() })),
  data: v.object({
    sessionId: v.optional(v.id("sessions")),
    transcriptId: v.optional(v.id("transcripts")),
    recordingId: v.optional(v.id("recordings")),
  }),
};

export const activityTypeValidator = v.union(
  v.literal("session"),
  v.literal("recording"),
  v.literal("booking"),
  v.literal("transcript"),
  v.literal("system"),
);
export const activityStatusValidator = v.union(v.literal("completed"), v.literal("pending"), v.literal("error"), v.literal("in_progress"));

export const activityFields = {
  userId: v.id("users"),
  type: activityTypeValidator,
  title: v.string(),
  description: v.string(),
  timestamp: v.number(),
  status: activityStatusValidator,
  metadata: v.object({
    duration: v.optional(v.number()),
    participants: v.optional(v.array(v.string())),
    sessionId: v.optional(v.id("sessions")),
    transcriptId: v.optional(v.id("transcripts")),
    bookingId: v.optional(v.id("sessions")),
    recordingId: v.optional(v.id("recordings")),
  }),
  actionUrl: v.optional(v.string()),
  actionLabel: v.optional(v.string()),
};

export const commitmentTypeValidator = v.union(v.literal("user_commitment"), v.literal("coach_commitment"), v.literal("mutual_agreement"));
/** Stored statuses; "overdue" is derived (due date past, not completed), never stored. */
export const actionItemStatusValidator = v.union(
  v.literal("pending"),
  v.literal("in_progress"),
  v.literal("completed"),
  v.literal("blocked"),
  v.literal("cancelled"),
);
export const actionItemPriorityValidator = v.union(v.literal("low"), v.literal("medium"), v.literal("high"), v.literal("urgent"));
/** Who a proposed commitment is for, before it becomes an action item with a responsible user. */
export const responsiblePartyValidator = v.union(v.literal("client"), v.literal("coach"), v.literal("both"));

/** An action item (SPEC §3): a commitment made in a session. */
export const actionItemFields = {
  sessionId: v.id("sessions"),
  /** Copied from the session, so each side's items are one index range. */
  memberId: v.id("users"),
  coachId: v.id("users"),
  title: v.string(),
  description: v.string(),
  responsibleUserId: v.id("users"),
  commitmentType: commitmentTypeValidator,
  status: actionItemStatusValidator,
  priority: actionItemPriorityValidator,
  /** A calendar date, "YYYY-MM-DD": a commitment is due on a day, not at an instant. */
  dueDate: v.optional(v.string()),
  tags: v.array(v.string()),
  estimatedMinutes: v.optional(v.number()),
  actualMinutes: v.optional(v.number()),
  transcriptQuote: v.optional(v.string()),
  /** MM:SS into the session. */
  transcriptTimestamp: v.optional(v.string()),
  /** Percent, shown as AI Confidence; set on items accepted from an extraction proposal. */
  extractionConfidence: v.optional(v.number()),
  completionNotes: v.optional(v.string()),
  completedDate: v.optional(v.number()),
  coachVisible: v.boolean(),
  clientVisible: v.boolean(),
  createdBy: v.id("users"),
  createdAt: v.number(),
  updatedAt: v.number(),
};

export const extractionRunStatusValidator = v.union(v.literal("queued"), v.literal("running"), v.literal("succeeded"), v.literal("failed"));

export const extractorValidator = v.union(v.literal("openai"), v.literal("rules"));

/** One extraction of one transcript: its attempts and, when it gave up, why (never a silent gap). */
export const extractionRunFields = {
  transcriptId: v.id("transcripts"),
  sessionId: v.id("sessions"),
  memberId: v.id("users"),
  coachId: v.id("users"),
  status: extractionRunStatusValidator,
  /** Which extractor the latest attempt used; the action picks it when the attempt starts. */
  extractor: v.optional(extractorValidator),
  attempts: v.number(),
  lastError: v.optional(v.string()),
  proposalCount: v.optional(v.number()),
  /** Proposals dropped because their quote was not in the transcript. */
  discardedCount: v.optional(v.number()),
  createdAt: v.number(),
  updatedAt: v.number(),
};

export const proposalStatusValidator = v.union(v.literal("proposed"), v.literal("accepted"), v.literal("dismissed"));

/** A commitment the extractor found, waiting for the coach or member to accept, edit or dismiss. */
export const actionItemProposalFields = {
  runId: v.id("extractionRuns"),
  transcriptId: v.id("transcripts"),
  sessionId: v.id("sessions"),
  memberId: v.id("users"),
  coachId: v.id("users"),
  title: v.string(),
  description: v.string(),
  commitmentType: commitmentTypeValidator,
  responsibleParty: responsiblePartyValidator,
  priority: actionItemPriorityValidator,
  dueDate: v.optional(v.string()),
  /** An exact substring of the transcript's text. */
  transcriptQuote: v.string(),
  transcriptTimestamp: v.string(),
  /** 0-100. */
  confidence: v.number(),
  /** Hedged speech ("I might", "I'll try"). */
  tentative: v.boolean(),
  status: proposalStatusValidator,
  actionItemId: v.optional(v.id("actionItems")),
  decidedBy: v.optional(v.id("users")),
  decidedAt: v.optional(v.number()),
  createdAt: v.number(),
};

export const notificationPositionValidator = v.union(
  v.literal("top-right"),
  v.literal("top-left"),
  v.literal("bottom-right"),
  v.literal("bottom-left"),
);

/** A member's notification choices; absent means the defaults of convex/model/notifications.ts. */
export const notificationPreferenceFields = {
  userId: v.id("users"),
  position: notificationPositionValidator,
  sessionReminders: v.boolean(),
  bookingUpdates: v.boolean(),
  transcriptReady: v.boolean(),
  emailReminders: v.boolean(),
};

/** Running totals per member, kept with the session changes so the dashboard never scans history. */
export const memberStatsFields = {
  userId: v.id("users"),
  completedSessions: v.number(),
  completedMinutes: v.number(),
  /** "YYYY-MM" of the month whose grace late-cancel was used, if any. */
  graceMonthUsed: v.optional(v.string()),
};

export const securityIncidentKindValidator = literals(SECURITY_INCIDENT_KINDS);
export const inactivityStageValidator = literals(INACTIVITY_STAGES);
export const inactivityWarningLevelValidator = v.union(...INACTIVITY_WARNING_DAYS.map((days) => v.literal(days)));

/** One issued reactivation link (its JWT's jti): single use, removed by the "token expiry" cron once expired. */
export const reactivationTokenFields = {
  jti: v.string(),
  userId: v.id("users"),
  issuedAt: v.number(),
  expiresAt: v.number(),
  /** Set in the same transaction that reactivates the account. */
  usedAt: v.optional(v.number()),
  /** Set when the account's status changed after the link was issued: the link no longer works. */
  revokedAt: v.optional(v.number()),
};

/** A "Keep my account active" link of an inactivity warning, so a status change can revoke it. */
export const keepActiveLinkFields = {
  jti: v.string(),
  userId: v.id("users"),
  issuedAt: v.number(),
  expiresAt: v.number(),
  revokedAt: v.optional(v.number()),
};

/** A tampered link or a link used by another signed-in account (SPEC §8), for admins at /admin/security. */
export const securityIncidentFields = {
  kind: securityIncidentKindValidator,
  at: v.number(),
  /** The first 16 hex digits of the token's SHA-256: the same link is logged once per kind, and the token itself is never stored. */
  tokenFingerprint: v.string(),
  /** The account the link claims to be for (from its unverified claims when tampered). */
  claimedUserId: v.optional(v.string()),
  claimedEmail: v.optional(v.string()),
  /** Who was signed in when it happened. */
  viewerId: v.optional(v.id("users")),
  detail: v.string(),
};

/** An inactivity warning sent at day 60 or 80 of one inactivity period (periodStart = lastActiveAt then). */
export const inactivityWarningFields = {
  userId: v.id("users"),
  level: inactivityWarningLevelValidator,
  periodStart: v.number(),
  sentAt: v.number(),
  /** Dismissed on the dashboard, or answered with "Keep my account active". */
  dismissedAt: v.optional(v.number()),
};

export const onboardingFieldValidator = v.object({
  /** The answer's key (response_{name} in SPEC §7): a slug, unique within the version. */
  name: bounded.token(ONBOARDING_LIMITS.nameChars),
  label: bounded.line(ONBOARDING_LIMITS.labelChars),
  type: literals(FIELD_TYPES),
  required: v.boolean(),
  placeholder: v.optional(bounded.line(ONBOARDING_LIMITS.placeholderChars)),
  options: v.optional(
    bounded.array(
      v.object({ value: bounded.line(ONBOARDING_LIMITS.optionChars), label: bounded.line(ONBOARDING_LIMITS.optionChars) }),
      ONBOARDING_LIMITS.maxOptions,
    ),
  ),
});
export const onboardingAnswerValidator = v.object({
  name: bounded.token(ONBOARDING_LIMITS.nameChars),
  value: v.union(
    bounded.text(ONBOARDING_LIMITS.textareaChars),
    bounded.array(bounded.line(ONBOARDING_LIMITS.optionChars), ONBOARDING_LIMITS.maxOptions),
  ),
});
export const onboardingActionValidator = literals(ONBOARDING_ACTIONS);

/** One saved version of the onboarding form; each admin save adds one, the highest is current. */
export const onboardingFormFields = {
  formId: v.string(),
  version: v.number(),
  fields: v.array(onboardingFieldValidator),
  createdAt: v.number(),
  createdBy: v.optional(v.id("users")),
  /** Responses answered against this version, kept with each answer so the admin list never counts rows. */
  answeredCount: v.number(),
};

/** A booking's onboarding answers (one per booking), kept with the version they were given against. */
export const onboardingResponseFields = {
  sessionId: v.id("sessions"),
  userId: v.id("users"),
  formId: v.string(),
  version: v.number(),
  /** Empty for complete_later. */
  answers: v.array(onboardingAnswerValidator),
  action: onboardingActionValidator,
  createdAt: v.number(),
  updatedAt: v.number(),
};

export default defineSchema({
  users: defineTable(userFields)
    .index("by_token", ["tokenIdentifier"])
    .index("by_email", ["email"])
    .index("by_role_and_status", ["role", "status"])
    .index("by_status_and_last_active", ["status", "lastActiveAt"])
    // The admin list filtered by status alone shows the newest accounts first, like every other filter.
    // eslint-disable-next-line @convex-dev/no-duplicate-indexes
    .index("by_status", ["status"])
    .index("by_tier_and_status", ["tier", "status"])
    .index("by_forum_name_key", ["forumNameKey"])
    .index("by_status_anonymized_and_deactivated", ["status", "anonymizedAt", "deactivatedAt"])
    .searchIndex("search_text", { searchField: "searchText", filterFields: ["role", "status"] }),
  /**
   * A role change an admin asked the identity provider for (Clerk publicMetadata.role), until its
   * user.updated webhook brings it to the users row; or why it did not arrive. One per user.
   */
  roleChanges: defineTable({
    userId: v.id("users"),
    role: roleValidator,
    state: v.union(v.literal("pending"), v.literal("failed")),
    requestedBy: v.optional(v.id("users")),
    requestedAt: v.number(),
    error: v.optional(v.string()),
  }).index("by_user", ["userId"]),
  contactMessages: defineTable(contactMessageFields).index("by_created", ["createdAt"]),
  /**
   * Newsletter sign-ups (model/newsletter.ts). Pending until the address confirms from the e-mail
   * (`confirmedAt`); only confirmed rows are an audience. A pending row holds its link's token as
   * a SHA-256 hash and is removed once `expiresAt` passes; rows from before confirmation existed
   * have neither and are never mailed.
   */
  newsletterSubscribers: defineTable({
    email: v.string(),
    name: v.string(),
    createdAt: v.number(),
    source: v.string(),
    confirmedAt: v.optional(v.number()),
    tokenHash: v.optional(v.string()),
    expiresAt: v.optional(v.number()),
  })
    .index("by_email", ["email"])
    .index("by_confirmed", ["confirmedAt"])
    .index("by_token_hash", ["tokenHash"])
    .index("by_expires", ["expiresAt"]),
  events: defineTable(eventFields).index("by_title", ["title"]).index("by_starts_at", ["startsAt"]),
  eventRegistrations: defineTable({
    eventId: v.id("events"),
    userId: v.optional(v.id("users")),
    createdAt: v.number(),
  }).index("by_event_and_user", ["eventId", "userId"]),
  products: defineTable(productFields).index("by_slug", ["slug"]).index("by_sort_order", ["sortOrder"]),
  premiumContent: defineTable(premiumContentFields).index("by_sort_order", ["sortOrder"]),
  /** Blog posts and case studies: markdown bodies, rendered through a sanitising renderer. */
  articles: defineTable(articleFields).index("by_kind_and_slug", ["kind", "slug"]).index("by_kind_and_published", ["kind", "publishedAt"]),
  /**
   * Every e-mail the product sends and how far it got, in both modes: the admins' view of the
   * Resend component's delivery state (convex/email.ts).
   */
  emailOutbox: defineTable(emailOutboxFields)
    .index("by_created", ["createdAt"])
    .index("by_idempotency_key", ["idempotencyKey"])
    .index("by_provider_id", ["providerId"])
    .index("by_status_and_created", ["status", "createdAt"]),
  emailTemplates: defineTable(emailTemplateFields).index("by_category", ["category"]).index("by_updated", ["updatedAt"]),
  emailCampaigns: defineTable(emailCampaignFields)
    .index("by_created", ["createdAt"])
    .index("by_status_and_created", ["status", "createdAt"])
    .index("by_template", ["templateId"])
    // The dashboard's "campaigns today": started or finished since midnight.
    .index("by_started", ["startedAt"])
    .index("by_sent", ["sentAt"]),
  campaignRecipients: defineTable(campaignRecipientFields)
    .index("by_campaign_and_email", ["campaignId", "email"])
    .index("by_token", ["token"]),
  emailEvents: defineTable(emailEventFields).index("by_campaign_and_at", ["campaignId", "at"]).index("by_folded", ["folded"]),
  /**
   * The e-mail counts (model/emailRollups.ts), written only by the fold, one transaction at a
   * time: per UTC day, per template category, per template, per campaign (with each variant's),
   * and per campaign by the hour and by the day.
   */
  emailDayCounts: defineTable({ day: v.number(), counts: eventCountsValidator }).index("by_day", ["day"]),
  emailCategoryCounts: defineTable({ category: templateCategoryValidator, counts: eventCountsValidator }).index("by_category", ["category"]),
  emailTemplateCounts: defineTable({ templateId: v.id("emailTemplates"), counts: eventCountsValidator }).index("by_template", ["templateId"]),
  emailCampaignCounts: defineTable({ campaignId: v.id("emailCampaigns"), counts: eventCountsValidator, variants: v.array(eventCountsValidator) }).index(
    "by_campaign",
    ["campaignId"],
  ),
  emailCampaignBuckets: defineTable({
    campaignId: v.id("emailCampaigns"),
    granularity: v.union(v.literal("hour"), v.literal("day")),
    /** Start of the hour or UTC day, epoch ms. */
    at: v.number(),
    counts: eventCountsValidator,
  }).index("by_campaign_granularity_and_at", ["campaignId", "granularity", "at"]),
  /** One row: when the pending fold was scheduled, absent while none is. */
  emailFoldState: defineTable({ scheduledAt: v.optional(v.number()) }),
  emailSuppressions: defineTable(emailSuppressionFields).index("by_email", ["email"]),
  healthProbes: defineTable(healthProbeFields).index("by_service_and_at", ["service", "at"]),
  healthProbeHours: defineTable(healthProbeHourFields).index("by_service_and_hour", ["service", "hour"]),
  errorRecords: defineTable(errorRecordFields)
    .index("by_timestamp", ["timestamp"])
    .index("by_fingerprint_and_timestamp", ["fingerprint", "timestamp"])
    .index("by_service_and_timestamp", ["service", "timestamp"])
    .index("by_reference", ["reference"]),
  routeStatsDaily: defineTable(routeStatsDailyFields).index("by_day_and_route", ["day", "route"]),
  cronRuns: defineTable(cronRunFields).index("by_job_and_started", ["job", "startedAt"]).index("by_started", ["startedAt"]),
  errorGroups: defineTable(errorGroupFields)
    .index("by_fingerprint", ["fingerprint"])
    .index("by_last", ["lastAt"])
    .index("by_severity_and_last", ["severity", "lastAt"]),
  timeLedger: defineTable(timeLedgerFields).index("by_user_and_at", ["userId", "at"]),
  timeBalances: defineTable(timeBalanceFields).index("by_user", ["userId"]).index("by_expires", ["expiresAt"]),
  sessions: defineTable(sessionFields)
    .index("by_member_and_start", ["memberId", "startsAt"])
    .index("by_coach_and_start", ["coachId", "startsAt"])
    .index("by_member_status_and_start", ["memberId", "status", "startsAt"])
    .index("by_coach_status_and_start", ["coachId", "status", "startsAt"])
    .index("by_member_and_kind", ["memberId", "kind"]),
  availability: defineTable(availabilityFields).index("by_coach", ["coachId"]),
  waitlistRequests: defineTable(waitlistRequestFields)
    .index("by_coach_status_and_joined", ["coachId", "status", "joinedAt"])
    .index("by_session_and_status", ["sessionId", "status"]),
  waitlistOffers: defineTable(waitlistOfferFields)
    .index("by_coach_status_and_start", ["coachId", "status", "startsAt"])
    .index("by_request_and_status", ["requestId", "status"])
    .index("by_member_and_status", ["memberId", "status"]),
  calendarFeeds: defineTable(calendarFeedFields).index("by_user", ["userId"]).index("by_token", ["token"]),
  nudgeSettings: defineTable(nudgeSettingFields).index("by_user", ["userId"]).index("by_enabled_and_next", ["enabled", "nextAt"]),
  sessionCheckIns: defineTable(sessionCheckInFields).index("by_session", ["sessionId"]),
  agendaItems: defineTable(agendaItemFields).index("by_session_and_position", ["sessionId", "position"]).index("by_session_and_key", ["sessionId", "key"]),
  focusRooms: defineTable(focusRoomFields).index("by_ends", ["endsAt"]),
  focusParticipants: defineTable(focusParticipantFields)
    .index("by_room_and_user", ["roomId", "userId"])
    .index("by_user_and_joined", ["userId", "joinedAt"]),
  focusStreaks: defineTable(focusStreakFields).index("by_user", ["userId"]),
  /** One row per member and local date with a check-in, for "this week". */
  focusDays: defineTable({ userId: v.id("users"), day: v.string() }).index("by_user_and_day", ["userId", "day"]),
  memberBlocks: defineTable(memberBlockFields)
    .index("by_blocker_and_blocked", ["blockerId", "blockedId"])
    .index("by_blocked_and_blocker", ["blockedId", "blockerId"]),
  focusReports: defineTable(focusReportFields)
    .index("by_status_and_created", ["status", "createdAt"])
    .index("by_room_and_reporter", ["roomId", "reporterId"]),
  nudges: defineTable(nudgeFields).index("by_jti", ["jti"]).index("by_user_and_sent", ["userId", "sentAt"]).index("by_expires", ["expiresAt"]),
  introRequests: defineTable(introRequestFields)
    .index("by_token_hash", ["tokenHash"])
    .index("by_email_and_status", ["email", "status"])
    .index("by_coach_status_and_start", ["coachId", "status", "startsAt"]),
  // by_uploader_and_created: a coach's own (only a session's coach or an admin files them), for the command palette.
  recordings: defineTable(recordingFields)
    .index("by_session", ["sessionId"])
    .index("by_member_and_created", ["memberId", "createdAt"])
    .index("by_uploader_and_created", ["uploadedBy", "createdAt"]),
  uploads: defineTable(uploadFields)
    .index("by_storage", ["storageId"])
    .index("by_uploader_storage_and_expires", ["uploadedBy", "storageId", "expiresAt"]),
  auditLog: defineTable(auditLogFields).index("by_at", ["at"]),
  transcripts: defineTable(transcriptFields)
    .index("by_session", ["sessionId"])
    .index("by_member_and_created", ["memberId", "createdAt"])
    .index("by_uploader_and_created", ["uploadedBy", "createdAt"]),
  forumCategories: defineTable(forumCategoryFields).index("by_slug", ["slug"]).index("by_sort_order", ["sortOrder"]),
  forumThreads: defineTable(forumThreadFields)
    .index("by_category_status_pinned_and_activity", ["categoryId", "status", "pinned", "lastActivityAt"])
    .index("by_status_and_activity", ["status", "lastActivityAt"]),
  forumPosts: defineTable(forumPostFields)
    .index("by_thread_status_and_created", ["threadId", "status", "createdAt"])
    .index("by_thread_and_created", ["threadId", "createdAt"])
    .searchIndex("search_text", { searchField: "searchText", filterFields: ["status"] }),
  forumReactions: defineTable(forumReactionFields).index("by_post_user_and_reaction", ["postId", "userId", "reaction"]),
  forumThreadStates: defineTable(forumThreadStateFields)
    .index("by_user_and_thread", ["userId", "threadId"])
    .index("by_thread_and_followed", ["threadId", "followed"]),
  forumReports: defineTable(forumReportFields)
    .index("by_status_and_created", ["status", "createdAt"])
    .index("by_post_and_reporter", ["postId", "reporterId"])
    .index("by_post_and_status", ["postId", "status"]),
  forumAudit: defineTable(forumAuditFields).index("by_at", ["at"]),
  notifications: defineTable(notificationFields)
    .index("by_user_and_time", ["userId", "timestamp"])
    .index("by_user_read_and_time", ["userId", "read", "timestamp"]),
  activities: defineTable(activityFields)
    .index("by_user_and_time", ["userId", "timestamp"])
    .index("by_user_type_and_time", ["userId", "type", "timestamp"]),
  notificationPreferences: defineTable(notificationPreferenceFields).index("by_user", ["userId"]),
  memberStats: defineTable(memberStatsFields).index("by_user", ["userId"]),
  actionItems: defineTable(actionItemFields)
    .index("by_member_and_updated", ["memberId", "updatedAt"])
    .index("by_coach_and_updated", ["coachId", "updatedAt"])
    .index("by_session", ["sessionId"]),
  extractionRuns: defineTable(extractionRunFields)
    .index("by_transcript", ["transcriptId"])
    .index("by_session", ["sessionId"])
    .index("by_status_and_updated", ["status", "updatedAt"]),
  actionItemProposals: defineTable(actionItemProposalFields)
    .index("by_session_and_status", ["sessionId", "status"])
    .index("by_run", ["runId"]),
  subscriptions: defineTable(subscriptionFields)
    .index("by_user", ["userId"])
    .index("by_stripe_subscription", ["stripeSubscriptionId"]),
  orders: defineTable(orderFields)
    .index("by_user_and_key", ["userId", "idempotencyKey"])
    .index("by_user_and_created", ["userId", "createdAt"])
    .index("by_payment_intent", ["stripePaymentIntentId"])
    .index("by_stripe_subscription", ["stripeSubscriptionId"]),
  payments: defineTable(paymentFields).index("by_source", ["sourceId"]).index("by_user_and_paid", ["userId", "paidAt"]),
  reactivationTokens: defineTable(reactivationTokenFields)
    .index("by_jti", ["jti"])
    .index("by_expires", ["expiresAt"])
    .index("by_user_and_expires", ["userId", "expiresAt"]),
  keepActiveLinks: defineTable(keepActiveLinkFields)
    .index("by_jti", ["jti"])
    .index("by_expires", ["expiresAt"])
    .index("by_user_and_expires", ["userId", "expiresAt"]),
  securityIncidents: defineTable(securityIncidentFields).index("by_at", ["at"]).index("by_fingerprint_and_kind", ["tokenFingerprint", "kind"]),
  inactivityWarnings: defineTable(inactivityWarningFields)
    .index("by_user_and_sent", ["userId", "sentAt"])
    .index("by_user_period_and_level", ["userId", "periodStart", "level"]),
  /** How far each inactivity stage has looked (lastActiveAt), so each account is read once per threshold it crosses. */
  inactivitySweeps: defineTable({ stage: inactivityStageValidator, through: v.number() }).index("by_stage", ["stage"]),
  /** Each finished run of the inactivity sweep: what it read and did. */
  inactivitySweepRuns: defineTable({
    runAt: v.number(),
    finishedAt: v.number(),
    read: v.number(),
    deactivated: v.number(),
    warned: v.number(),
    skipped: v.number(),
  }).index("by_run_at", ["runAt"]),
  onboardingForms: defineTable(onboardingFormFields).index("by_form_and_version", ["formId", "version"]),
  onboardingResponses: defineTable(onboardingResponseFields).index("by_session", ["sessionId"]),
  /** The real-time test route's pings (development builds): a live query shows each as it lands; the newest 20 are kept. */
  debugPings: defineTable({ userId: v.id("users"), sentAt: v.number(), at: v.number() }).index("by_at", ["at"]),
  /** Webhook deliveries already applied, so a redelivery changes nothing (ARCHITECTURE §4). */
  webhookEvents: defineTable({
    provider: v.string(),
    eventId: v.string(),
    receivedAt: v.number(),
  }).index("by_provider_and_event", ["provider", "eventId"]),
});
