/**
 * The links e-mailed for an account (reactivation, "Keep my account active") hold only while the
 * account stays as it was when they were issued. A status change (a deactivation, a reactivation,
 * an admin's change, the identity provider's deletion) revokes every outstanding one, so an older
 * link can never undo a later decision.
 */
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";

/** More than any account gathers: links last a day (reactivation) or five weeks (keep-active), and asking for them is rate limited. */
const OUTSTANDING_MAX = 200;

/** Deactivations a reactivation link may undo; an admin's "other" needs a person, never a link. */
export const LINK_REACTIVATABLE_REASONS: ReadonlySet<Doc<"users">["deactivationReason"]> = new Set(["inactivity_90_days", "subscription_cancelled"]);

/** Whether a link may reactivate this account: it is active already, or paused for a reason a link may undo. */
export function linkMayReactivate(user: Pick<Doc<"users">, "status" | "deactivationReason">): boolean {
  return user.status === "active" || LINK_REACTIVATABLE_REASONS.has(user.deactivationReason);
}

/** Revokes the account's unexpired, unused links of both kinds; the caller changes the status in the same transaction. */
export async function revokeAccountLinks(ctx: Pick<MutationCtx, "db">, userId: Id<"users">, now: number): Promise<number> {
  let revoked = 0;
  const reactivation = await ctx.db
    .query("reactivationTokens")
    .withIndex("by_user_and_expires", (q) => q.eq("userId", userId).gt("expiresAt", now))
    .take(OUTSTANDING_MAX);
  for (const link of reactivation) {
    if (link.usedAt !== undefined || link.revokedAt !== undefined) continue;
    await ctx.db.patch("reactivationTokens", link._id, { revokedAt: now });
    revoked++;
  }
  const keepActive = await ctx.db
    .query("keepActiveLinks")
    .withIndex("by_user_and_expires", (q) => q.eq("userId", userId).gt("expiresAt", now))
    .take(OUTSTANDING_MAX);
  for (const link of keepActive) {
    if (link.revokedAt !== undefined) continue;
    await ctx.db.patch("keepActiveLinks", link._id, { revokedAt: now });
    revoked++;
  }
  return revoked;
}
