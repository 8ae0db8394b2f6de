/**
 * What happens to a campaign e-mail after it is queued: each recipient event recorded once, as a
 * time on the recipient and an `emailEvents` row the fold counts, and addresses that must get
 * no more campaigns. Fed by the outbox's delivery lifecycle (convex/email.ts, both modes) and
 * by the open and click routes. Free of the sending code, so convex/email.ts can use it.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import type { EmailStatus } from "./email";
import { requestFold } from "./emailRollups";
import { RECIPIENT_EVENTS, type RecipientEvent } from "./emailSystem";

const EVENT_TIME = {
  sent: "sentAt",
  delivered: "deliveredAt",
  opened: "openedAt",
  clicked: "clickedAt",
  bounced: "bouncedAt",
  complained: "complainedAt",
} as const satisfies Record<RecipientEvent, keyof Doc<"campaignRecipients">>;

type EmailEventFields = Omit<Doc<"emailEvents">, "_id" | "_creationTime">;

/**
 * The only way into `emailEvents`: the row, waiting for the fold that counts it
 * (model/emailRollups.ts), and the fold asked for unless one is coming.
 */
export async function insertEmailEvent(ctx: MutationCtx, fields: Omit<EmailEventFields, "folded">, now: number): Promise<Id<"emailEvents">> {
  const id = await ctx.db.insert("emailEvents", { ...fields, folded: false });
  await requestFold(ctx, now);
  return id;
}

/**
 * Records each of `types` the recipient has not had yet, as happening at `at` (before `now` only in
 * the seed); returns the ones that were new.
 * `lastEvent` moves only forward in RECIPIENT_EVENTS order.
 */
export async function recordRecipientEvents(
  ctx: MutationCtx,
  recipientId: Id<"campaignRecipients">,
  types: readonly RecipientEvent[],
  at: number,
  now: number,
): Promise<RecipientEvent[]> {
  const recipient = await ctx.db.get("campaignRecipients", recipientId);
  const campaign = recipient ? await ctx.db.get("emailCampaigns", recipient.campaignId) : null;
  if (!recipient || !campaign) return [];
  const fresh = types.filter((type, index) => recipient[EVENT_TIME[type]] === undefined && types.indexOf(type) === index);
  if (fresh.length === 0) return [];
  const rank = (type: RecipientEvent | undefined) => (type === undefined ? -1 : RECIPIENT_EVENTS.indexOf(type));
  const lastEvent = [recipient.lastEvent, ...fresh].reduce((a, b) => (rank(b) > rank(a) ? b : a));
  await ctx.db.patch("campaignRecipients", recipientId, { ...Object.fromEntries(fresh.map((type) => [EVENT_TIME[type], at])), lastEvent });
  for (const type of fresh) {
    const { templateId, category } = campaign;
    await insertEmailEvent(ctx, { campaignId: campaign._id, templateId, category, variant: recipient.variant, recipientId, type, at }, now);
  }
  return fresh;
}

/**
 * The recipient events an outbox status stands for. A status can skip steps (a sync that finds an
 * e-mail already delivered, an open reported before delivery), and each step it implies happened.
 */
const EVENTS_OF_STATUS: Partial<Record<EmailStatus, RecipientEvent[]>> = {
  sent: ["sent"],
  delivery_delayed: ["sent"],
  delivered: ["sent", "delivered"],
  opened: ["sent", "delivered", "opened"],
  clicked: ["sent", "delivered", "opened", "clicked"],
  bounced: ["sent", "bounced"],
  complained: ["sent", "delivered", "complained"],
};

/** A campaign e-mail's outbox row reached `status`: its recipient gets the events, and a bounce or complaint a suppression. */
export async function recordDeliveryStatus(ctx: MutationCtx, recipientId: Id<"campaignRecipients">, status: EmailStatus, now: number): Promise<void> {
  const fresh = await recordRecipientEvents(ctx, recipientId, EVENTS_OF_STATUS[status] ?? [], now, now);
  const reason = fresh.find((type): type is "bounced" | "complained" => type === "bounced" || type === "complained");
  if (!reason) return;
  const recipient = await ctx.db.get("campaignRecipients", recipientId);
  if (recipient) await suppress(ctx, { email: recipient.email, reason, at: now, campaignId: recipient.campaignId });
}

/** Tokens are 43 characters; anything much longer is not one and is not looked up. */
const MAX_TOKEN_LENGTH = 128;

async function recipientByToken(ctx: Pick<MutationCtx, "db">, token: string) {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  return await ctx.db
    .query("campaignRecipients")
    .withIndex("by_token", (q) => q.eq("token", token))
    .unique();
}

/** The open pixel was loaded: "opened", once. False for an unknown token. */
export async function recordOpen(ctx: MutationCtx, token: string, now: number): Promise<boolean> {
  const recipient = await recipientByToken(ctx, token);
  if (!recipient) return false;
  await recordRecipientEvents(ctx, recipient._id, ["opened"], now, now);
  return true;
}

/**
 * A tracked link was followed: "clicked" (and "opened", since the e-mail was read), once each.
 * Only a link the campaign holds may be followed: anything else is refused and records nothing,
 * so the route never redirects to an address of someone else's choosing.
 */
export async function recordClick(ctx: MutationCtx, token: string, url: string, now: number): Promise<"redirect" | "refused" | "unknown"> {
  const recipient = await recipientByToken(ctx, token);
  const campaign = recipient ? await ctx.db.get("emailCampaigns", recipient.campaignId) : null;
  if (!recipient || !campaign) return "unknown";
  if (!campaign.links.includes(url)) return "refused";
  await recordRecipientEvents(ctx, recipient._id, ["opened", "clicked"], now, now);
  return "redirect";
}

/** Adds an address to the suppression list; false when it was on it already (for any reason). */
export async function suppress(ctx: MutationCtx, suppression: Omit<Doc<"emailSuppressions">, "_id" | "_creationTime">): Promise<boolean> {
  if (await isSuppressed(ctx, suppression.email)) return false;
  await ctx.db.insert("emailSuppressions", suppression);
  return true;
}

export async function isSuppressed(ctx: Pick<MutationCtx, "db">, email: string): Promise<boolean> {
  return (await ctx.db
    .query("emailSuppressions")
    .withIndex("by_email", (q) => q.eq("email", email))
    .first()) !== null;
}
