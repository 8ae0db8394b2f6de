/** Users: who is signed in, their own profile, and user management for admins. */
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { adminMutation, adminQuery, identityMutation, internalAction, internalMutation, internalQuery, memberMutation, publicQuery } from "./functions";
import { setAccountActive } from "./integrations/identity";
import { userError } from "./model/errors";
import { isGuest } from "./model/permissions";
import { claimWebhookDelivery } from "./model/webhooks";
import {
  ACTIVITY_RESOLUTION_MS,
  checkProfile,
  DEFAULT_TIMEZONE,
  findUserByEmail,
  findUserByToken,
  isValidTimezone,
  NEW_USER,
  profileFromIdentity,
  viewerView,
} from "./model/users";
import { deactivationReasonValidator, roleValidator, userFields, userStatusValidator } from "./schema";

const userDocValidator = v.object({ _id: v.id("users"), _creationTime: v.number(), ...userFields });

export const viewerValidator = userDocValidator.pick(
  "_id",
  "email",
  "firstName",
  "lastName",
  "role",
  "userType",
  "tier",
  "createdAt",
  "forumMember",
  "status",
  "timezone",
);

const adminViewValidator = viewerValidator.extend(userDocValidator.pick("lastActiveAt", "deactivationReason", "deactivatedAt").fields);

function adminView(user: Doc<"users">) {
  return {
    ...viewerView(user),
    lastActiveAt: user.lastActiveAt,
    ...(user.deactivationReason ? { deactivationReason: user.deactivationReason } : {}),
    ...(user.deactivatedAt ? { deactivatedAt: user.deactivatedAt } : {}),
  };
}

/** The signed-in person's own users row, or null for visitors and identities not yet set up. */
export const me = publicQuery({
  args: {},
  returns: v.union(v.null(), viewerValidator),
  handler: (ctx) => (ctx.viewer ? viewerView(ctx.viewer) : null),
});

/**
 * Called by the app after every sign-in: creates the users row on first sign-in (or links the
 * row an admin or the seed prepared for this verified email) and notes the activity.
 */
export const ensureCurrent = identityMutation({
  args: { timezone: v.optional(v.string()) },
  returns: viewerValidator,
  handler: async (ctx, { timezone }) => {
    const now = Date.now();
    const existing = await findUserByToken(ctx.db, ctx.identity.tokenIdentifier);
    if (existing) {
      if (existing.status !== "active") throw userError("ACCOUNT_DEACTIVATED");
      if (now - existing.lastActiveAt >= ACTIVITY_RESOLUTION_MS) await ctx.db.patch("users", existing._id, { lastActiveAt: now });
      return viewerView({ ...existing, lastActiveAt: now });
    }
    const profile = profileFromIdentity(ctx.identity);
    // Only a verified email may claim a prepared row; otherwise anyone could register as that address.
    const prepared = ctx.identity.emailVerified === true && profile.email ? await findUserByEmail(ctx.db, profile.email) : null;
    if (prepared && !prepared.tokenIdentifier) {
      if (prepared.status !== "active") throw userError("ACCOUNT_DEACTIVATED");
      await ctx.db.patch("users", prepared._id, { tokenIdentifier: ctx.identity.tokenIdentifier, lastActiveAt: now });
      return viewerView(prepared);
    }
    const id = await ctx.db.insert("users", {
      ...NEW_USER,
      ...profile,
      tokenIdentifier: ctx.identity.tokenIdentifier,
      createdAt: now,
      status: "active",
      timezone: timezone && isValidTimezone(timezone) ? timezone : DEFAULT_TIMEZONE,
      lastActiveAt: now,
    });
    return viewerView((await ctx.db.get("users", id))!);
  },
});

/** The caller's own name and time zone; nobody can change another member's profile here. */
export const updateProfile = memberMutation({
  args: { firstName: v.string(), lastName: v.string(), timezone: v.string() },
  returns: v.null(),
  handler: async (ctx, args) => {
    await ctx.db.patch("users", ctx.viewer._id, checkProfile(args));
    return null;
  },
});

/** Every account, newest first, for admins. */
export const list = adminQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(adminViewValidator),
  handler: async (ctx, { paginationOpts }) => {
    const page = await ctx.db.query("users").order("desc").paginate(paginationOpts);
    return { ...page, page: page.page.map(adminView) };
  },
});

/** Changing a role or user type; the last active admin cannot be demoted. */
export const setRole = adminMutation({
  args: { userId: v.id("users"), role: roleValidator, userType: v.optional(v.string()) },
  returns: v.null(),
  handler: async (ctx, { userId, role, userType }) => {
    const user = await ctx.db.get("users", userId);
    if (!user) throw userError("NOT_FOUND");
    if (user.role === "admin" && role !== "admin") await requireAnotherAdmin(ctx, user);
    const nextType = userType?.trim() || (role.startsWith("guest") ? role : isGuest(user) ? "client" : user.userType);
    await ctx.db.patch("users", userId, { role, userType: nextType });
    return null;
  },
});

/**
 * Deactivating ends the account's sessions at the identity provider and blocks its sign-in;
 * reactivating restores both. Data is kept either way.
 */
export const setStatus = adminMutation({
  args: { userId: v.id("users"), status: userStatusValidator, reason: v.optional(deactivationReasonValidator) },
  returns: v.null(),
  handler: async (ctx, { userId, status, reason }) => {
    const user = await ctx.db.get("users", userId);
    if (!user) throw userError("NOT_FOUND");
    if (user.status === status) return null;
    if (status === "deactivated" && user.role === "admin") await requireAnotherAdmin(ctx, user);
    await applyStatus(ctx, user, status, reason ?? "other");
    return null;
  },
});

async function requireAnotherAdmin(ctx: MutationCtx, user: Doc<"users">) {
  const admins = await ctx.db
    .query("users")
    .withIndex("by_role_and_status", (q) => q.eq("role", "admin").eq("status", "active"))
    .take(2);
  if (admins.filter((admin) => admin._id !== user._id).length === 0) throw userError("LAST_ADMIN");
}

/** Sets the status and, for an account that has signed in, tells the identity provider. */
export async function applyStatus(
  ctx: MutationCtx,
  user: Doc<"users">,
  status: Doc<"users">["status"],
  reason: NonNullable<Doc<"users">["deactivationReason"]>,
) {
  await ctx.db.patch(
    "users", user._id,
    status === "deactivated"
      ? { status, deactivationReason: reason, deactivatedAt: Date.now() }
      : { status, deactivationReason: undefined, deactivatedAt: undefined, lastActiveAt: Date.now() },
  );
  if (user.tokenIdentifier) {
    await ctx.scheduler.runAfter(0, internal.users.syncAccountAccess, {
      tokenIdentifier: user.tokenIdentifier,
      active: status === "active",
      attempt: 1,
    });
  }
}

const SYNC_ATTEMPTS = 5;

/** Mirrors an account's status at its identity provider, retrying with backoff when it is unreachable. */
export const syncAccountAccess = internalAction({
  args: { tokenIdentifier: v.string(), active: v.boolean(), attempt: v.number() },
  returns: v.null(),
  handler: async (ctx, args) => {
    try {
      await setAccountActive(args.tokenIdentifier, args.active);
    } catch (error) {
      if (args.attempt >= SYNC_ATTEMPTS) throw error;
      await ctx.scheduler.runAfter(1000 * 2 ** args.attempt, internal.users.syncAccountAccess, { ...args, attempt: args.attempt + 1 });
    }
    return null;
  },
});

/** One Clerk user webhook, applied once: redeliveries of the same svix id change nothing. */
export const applyClerkEvent = internalMutation({
  args: {
    eventId: v.string(),
    type: v.union(v.literal("user.created"), v.literal("user.updated"), v.literal("user.deleted")),
    tokenIdentifier: v.string(),
    email: v.optional(v.string()),
    emailVerified: v.optional(v.boolean()),
    firstName: v.optional(v.string()),
    lastName: v.optional(v.string()),
    createdAt: v.optional(v.number()),
  },
  returns: v.boolean(),
  handler: async (ctx, event) => {
    if (!(await claimWebhookDelivery(ctx, "clerk", event.eventId))) return false;
    const user = await findUserByToken(ctx.db, event.tokenIdentifier);
    if (event.type === "user.deleted") {
      // Deleting at Clerk ends the account, not the member's history: keep the row, deactivated.
      if (user && user.status === "active") await ctx.db.patch("users", user._id, { status: "deactivated", deactivationReason: "other", deactivatedAt: Date.now() });
      return true;
    }
    const profile = {
      ...(event.email ? { email: event.email.trim().toLowerCase() } : {}),
      ...(event.firstName !== undefined ? { firstName: event.firstName.trim() } : {}),
      ...(event.lastName !== undefined ? { lastName: event.lastName.trim() } : {}),
    };
    if (user) {
      await ctx.db.patch("users", user._id, profile);
      return true;
    }
    // A member moved from the embedded backend, or prepared by an admin, has a row without a token:
    // a verified e-mail claims it (as at sign-in, ensureCurrent), instead of a second, empty row.
    const prepared = event.emailVerified && profile.email ? await findUserByEmail(ctx.db, profile.email) : null;
    if (prepared && !prepared.tokenIdentifier) {
      await ctx.db.patch("users", prepared._id, { ...profile, tokenIdentifier: event.tokenIdentifier });
      return true;
    }
    const now = Date.now();
    await ctx.db.insert("users", {
      ...NEW_USER,
      email: "",
      firstName: "",
      lastName: "",
      ...profile,
      tokenIdentifier: event.tokenIdentifier,
      createdAt: event.createdAt ?? now,
      status: "active",
      timezone: DEFAULT_TIMEZONE,
      lastActiveAt: now,
    });
    return true;
  },
});

/** The users row of a token, for actions (memberAction in functions.ts), which cannot read the database. */
export const byToken = internalQuery({
  args: { tokenIdentifier: v.string() },
  returns: v.union(userDocValidator, v.null()),
  handler: (ctx, { tokenIdentifier }) => findUserByToken(ctx.db, tokenIdentifier),
});
