/**
 * The newsletter's double opt-in. A sign-up e-mails its address a single-use link; the address is
 * on the list (an audience for campaigns) only once that link is followed. The form's answer is
 * the same whether the address is new, pending or subscribed, and so is the work behind it: one
 * e-mail to that address, which tells its owner what happened and tells the form nothing.
 */
import { env, type MutationCtx } from "../_generated/server";
import { queueEmail } from "../email";
import { userError } from "./errors";
import { RATE_LIMIT_MESSAGES } from "./messages";
import { enforceRateLimits } from "./rateLimits";
import { siteLink } from "./reactivation";
import { normalizeEmail } from "./users";

const DAY_MS = 24 * 60 * 60_000;
/** How long a confirmation link works: a week, for people who get to their inbox late. Pending sign-ups go after it. */
export const NEWSLETTER_CONFIRMATION_TTL_MS = 7 * DAY_MS;
const TTL_DAYS = NEWSLETTER_CONFIRMATION_TTL_MS / DAY_MS;
/** The web app's page the link opens; it confirms on a click, so a mail scanner opening the link confirms nothing. */
export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";
/** Tokens are 43 characters; anything much longer is not one of ours and is not worth hashing. */
const MAX_TOKEN_LENGTH = 128;
/** Pending sign-ups removed per run of the expiry job before it schedules the next batch. */
export const EXPIRY_BATCH = 200;

/**
 * The e-mails of a sign-up. They carry nothing typed into the form (not even the name), so the
 * form cannot be used to send words of someone else's choosing to any address.
 */
export const NEWSLETTER_EMAILS = {
  confirmation: (link: string) => ({
    subject: "Please confirm your LWCC newsletter sign-up",
    text: [
      "Hi,",
      "",
      "Someone, hopefully you, asked to get the LWCC newsletter at this address. To confirm, open this link and press the button:",
      link,
      "",
      `The link works once, for ${TTL_DAYS} days. If you didn't sign up, ignore this e-mail: you won't hear from us again.`,
    ].join("\n"),
    template: "newsletter_confirmation",
  }),
  alreadySubscribed: (home: string) => ({
    subject: "You're already on the LWCC newsletter",
    text: [
      "Hi,",
      "",
      "Someone, hopefully you, asked to get the LWCC newsletter at this address. It is already on the list, so there is nothing to do.",
      "",
      `To stop getting it, use the unsubscribe link at the end of any newsletter. ${home}`,
    ].join("\n"),
    template: "newsletter_already_subscribed",
  }),
} as const;

/** 32 random bytes, base64url: the link's token, never stored (only its hash is). */
export function newConfirmationToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** SHA-256 of a token, hex: what the database holds, so reading it gives no working link. */
export async function hashConfirmationToken(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * One sign-up (the form's fields already checked): the limits first, the same for every address
 * (per client, per address typed, for everyone), then one e-mail to the address. New: a pending
 * row and a link. Pending: a new link, the earlier one no longer works. Subscribed: a note that
 * it already is.
 */
export async function signUp(ctx: MutationCtx, input: { name: string; email: string; source: string; client: string }, now: number): Promise<void> {
  const email = normalizeEmail(input.email);
  await enforceRateLimits(
    ctx,
    [
      { name: "newsletterPerClient", key: input.client },
      { name: "newsletterPerEmail", key: email, message: RATE_LIMIT_MESSAGES.newsletterAddress },
      { name: "newsletterOverall", message: RATE_LIMIT_MESSAGES.newsletterBusy },
    ],
    RATE_LIMIT_MESSAGES.newsletterClient,
  );
  const existing = await ctx.db
    .query("newsletterSubscribers")
    .withIndex("by_email", (q) => q.eq("email", email))
    .first();
  if (existing?.confirmedAt !== undefined) {
    await queueEmail(ctx, { to: email, ...NEWSLETTER_EMAILS.alreadySubscribed(siteLink(env.SITE_URL, "/")) });
    return;
  }
  const token = newConfirmationToken();
  const pending = { name: input.name.trim(), source: input.source, tokenHash: await hashConfirmationToken(token), expiresAt: now + NEWSLETTER_CONFIRMATION_TTL_MS };
  if (existing) await ctx.db.patch("newsletterSubscribers", existing._id, pending);
  else await ctx.db.insert("newsletterSubscribers", { email, createdAt: now, ...pending });
  const link = siteLink(env.SITE_URL, `${NEWSLETTER_CONFIRM_PATH}?token=${token}`);
  await queueEmail(ctx, { to: email, ...NEWSLETTER_EMAILS.confirmation(link) });
}

/** Follows a confirmation link: its address joins the list and the link stops working. Refuses an unknown, used or expired link alike. */
export async function confirmSignUp(ctx: MutationCtx, token: string, now: number): Promise<{ email: string }> {
  const trimmed = token.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_TOKEN_LENGTH) throw userError("NEWSLETTER_LINK_INVALID");
  const tokenHash = await hashConfirmationToken(trimmed);
  const row = await ctx.db
    .query("newsletterSubscribers")
    .withIndex("by_token_hash", (q) => q.eq("tokenHash", tokenHash))
    .unique();
  if (!row || row.expiresAt === undefined || row.expiresAt <= now) throw userError("NEWSLETTER_LINK_INVALID");
  await ctx.db.patch("newsletterSubscribers", row._id, { confirmedAt: now, tokenHash: undefined, expiresAt: undefined });
  return { email: row.email };
}

/** A batch of pending sign-ups whose link expired, removed; `more` when a full batch went (the caller runs again). */
export async function removeExpiredSignUps(ctx: MutationCtx, now: number): Promise<{ removed: number; more: boolean }> {
  const expired = await ctx.db
    .query("newsletterSubscribers")
    // Rows without an expiry (confirmed, or from before confirmation existed) sort first and are left out.
    .withIndex("by_expires", (q) => q.gte("expiresAt", 0).lt("expiresAt", now))
    .take(EXPIRY_BATCH);
  for (const row of expired) await ctx.db.delete("newsletterSubscribers", row._id);
  return { removed: expired.length, more: expired.length === EXPIRY_BATCH };
}
