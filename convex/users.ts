/** Users: who is signed in, their own profile, and user management for admins. */
import { paginationResultValidator } from "convex/server";
import { bounded, LIMITS } from "./model/bounds";
import { v } from "convex/values";
import { internal } from "./_generated/api";
import type { Doc } from "./_generated/dataModel";
import type { MutationCtx } from "./_generated/server";
import { adminMutation, adminQuery, identityMutation, internalAction, internalMutation, internalQuery, memberMutation, publicQuery } from "./functions";
import { identityProviderOf, setAccountActive, setAccountRole } from "./integrations/identity";
import { revokeAccountLinks } from "./model/accountLinks";
import { userError } from "./model/errors";
import type { Role } from "./model/permissions";
import { forumNameFields, forumNameKey } from "./model/forumNames";
import { isLastActiveAdmin, ROLE_CHANGE_TEXT, roleChangeOf, searchTextOf, USER_SEARCH_MAX, usersQuery, userTypeForRole } from "./model/userAdmin";
import { claimWebhookDelivery } from "./model/webhooks";
import { RATE_LIMIT_MESSAGES } from "./model/messages";
import { rescheduleNudges } from "./model/nudges";
import { callerAddressKey, enforceRateLimits } from "./model/rateLimits";
import {
  ACTIVITY_RESOLUTION_MS,
  checkProfile,
  DEFAULT_TIMEZONE,
  findUserByEmail,
  findUserByToken,
  isValidTimezone,
  NAME_MAX,
  NEW_USER,
  plainName,
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
  "forumName",
  "status",
  "timezone",
);

const roleChangeValidator = v.object({
  role: roleValidator,
  state: v.union(v.literal("pending"), v.literal("failed")),
  requestedAt: v.number(),
  error: v.optional(v.string()),
});

const adminViewValidator = viewerValidator.extend({
  ...userDocValidator.pick("lastActiveAt", "deactivationReason", "deactivatedAt").fields,
  /** A role change waiting on the identity provider's webhook, or why one did not arrive. */
  roleChange: v.optional(roleChangeValidator),
});

function adminView(user: Doc<"users">, roleChange: Doc<"roleChanges"> | null) {
  return {
    ...viewerView(user),
    lastActiveAt: user.lastActiveAt,
    ...(user.deactivationReason ? { deactivationReason: user.deactivationReason } : {}),
    ...(user.deactivatedAt ? { deactivatedAt: user.deactivatedAt } : {}),
    ...(roleChange
      ? {
          roleChange: {
            role: roleChange.role,
            state: roleChange.state,
            requestedAt: roleChange.requestedAt,
            ...(roleChange.error ? { error: roleChange.error } : {}),
          },
        }
      : {}),
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
  args: { timezone: v.optional(bounded.token(LIMITS.timezone)) },
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
    // A new account: limited per address, not per identity (each new identity is new), under a ceiling for everyone.
    await enforceRateLimits(
      ctx,
      [{ name: "registrationPerClient", key: await callerAddressKey(ctx) }, { name: "registrationOverall", message: RATE_LIMIT_MESSAGES.registrationBusy }],
      RATE_LIMIT_MESSAGES.registrationClient,
    );
    const id = await ctx.db.insert("users", {
      ...NEW_USER,
      ...profile,
      searchText: searchTextOf(profile),
      tokenIdentifier: ctx.identity.tokenIdentifier,
      createdAt: now,
      status: "active",
      timezone: timezone && isValidTimezone(timezone) ? timezone : DEFAULT_TIMEZONE,
      lastActiveAt: now,
    });
    return viewerView((await ctx.db.get("users", id))!);
  },
});

/**
 * The caller's own names, time zone and forum name; a field left out stays as it is, and an empty
 * forum name removes it. Nobody can change another member's profile here.
 */
export const updateProfile = memberMutation({
  args: {
    firstName: v.optional(bounded.line(NAME_MAX)),
    lastName: v.optional(bounded.line(NAME_MAX)),
    timezone: v.optional(bounded.token(LIMITS.timezone)),
    forumName: v.optional(bounded.line(NAME_MAX)),
  },
  returns: v.null(),
  handler: async (ctx, args) => {
    const { forumName, ...profile } = checkProfile(args);
    const forum = forumName === undefined ? {} : await forumNameFields(ctx.db, ctx.viewer._id, forumName);
    await ctx.db.patch("users", ctx.viewer._id, { ...profile, ...forum, searchText: searchTextOf({ ...ctx.viewer, ...profile }) });
    if (profile.timezone !== undefined && profile.timezone !== ctx.viewer.timezone) await rescheduleNudges(ctx, { ...ctx.viewer, ...profile }, Date.now());
    return null;
  },
});

/**
 * Accounts for admins, newest first: by name or e-mail through the search index (best match
 * first), by role and status through indexes; never a scan of the table.
 */
export const list = adminQuery({
  args: {
    paginationOpts: bounded.paginationOpts,
    search: v.optional(bounded.line(USER_SEARCH_MAX)),
    role: v.optional(roleValidator),
    status: v.optional(userStatusValidator),
  },
  returns: paginationResultValidator(adminViewValidator),
  handler: async (ctx, { paginationOpts, ...filters }) => {
    const page = await usersQuery(ctx.db, filters).paginate(paginationOpts);
    return { ...page, page: await Promise.all(page.page.map(async (user) => adminView(user, await roleChangeOf(ctx.db, user._id)))) };
  },
});

/**
 * Changing a role; the last active admin cannot be demoted. An account its identity provider
 * manages (Clerk, or the embedded backend's local provider) is changed there, in its public
 * metadata: the users row follows when the provider's verified user.updated webhook arrives, and
 * until then the change is "pending". Accounts no provider here knows (prepared, never signed in)
 * change at once.
 */
export const setRole = adminMutation({
  args: { userId: v.id("users"), role: roleValidator },
  returns: v.union(v.literal("applied"), v.literal("pending")),
  handler: async (ctx, { userId, role }) => {
    const user = await ctx.db.get("users", userId);
    if (!user) throw userError("NOT_FOUND");
    if (role !== "admin" && (await isLastActiveAdmin(ctx.db, user))) throw userError("LAST_ADMIN");
    const previous = await roleChangeOf(ctx.db, userId);
    const provider = user.tokenIdentifier ? identityProviderOf(user.tokenIdentifier) : null;
    if (!provider || !user.tokenIdentifier) {
      await ctx.db.patch("users", userId, { role, userType: userTypeForRole(user, role) });
      if (previous) await ctx.db.delete("roleChanges", previous._id);
      return "applied";
    }
    const request = { userId, role, state: "pending" as const, requestedBy: ctx.viewer._id, requestedAt: Date.now() };
    if (previous) await ctx.db.replace("roleChanges", previous._id, request);
    else await ctx.db.insert("roleChanges", request);
    await ctx.scheduler.runAfter(0, internal.users.syncRole, {
      userId,
      tokenIdentifier: user.tokenIdentifier,
      role,
      requestedAt: request.requestedAt,
      attempt: 1,
    });
    return "pending";
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
    if (status === "deactivated" && (await isLastActiveAdmin(ctx.db, user))) throw userError("LAST_ADMIN");
    await applyStatus(ctx, user, status, reason ?? "other");
    // The member hears why and the way back, as after the inactivity sweep (same texts and link).
    if (status === "deactivated") await ctx.scheduler.runAfter(0, internal.reactivation.announceDeactivation, { userId });
    return null;
  },
});

/**
 * Sets the status and, for an account that has signed in, tells the identity provider. Every
 * outstanding reactivation and keep-active link of the account is revoked with it, so none can
 * undo this change later.
 */
export async function applyStatus(
  ctx: MutationCtx,
  user: Doc<"users">,
  status: Doc<"users">["status"],
  reason: NonNullable<Doc<"users">["deactivationReason"]>,
) {
  const now = Date.now();
  await ctx.db.patch(
    "users", user._id,
    status === "deactivated"
      ? { status, deactivationReason: reason, deactivatedAt: now }
      : { status, deactivationReason: undefined, deactivatedAt: undefined, lastActiveAt: now },
  );
  await revokeAccountLinks(ctx, user._id, now);
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

/**
 * Writes a requested role into the account's public metadata at its identity provider, retrying
 * with backoff; a request replaced by a newer one is dropped, so a late retry cannot overwrite it.
 */
export const syncRole = internalAction({
  args: { userId: v.id("users"), tokenIdentifier: v.string(), role: roleValidator, requestedAt: v.number(), attempt: v.number() },
  returns: v.null(),
  handler: async (ctx, args) => {
    const request = { userId: args.userId, role: args.role, requestedAt: args.requestedAt };
    if (!(await ctx.runQuery(internal.users.roleChangeIsPending, request))) return null;
    try {
      await setAccountRole(args.tokenIdentifier, args.role);
    } catch (error) {
      if (args.attempt < SYNC_ATTEMPTS) {
        await ctx.scheduler.runAfter(1000 * 2 ** args.attempt, internal.users.syncRole, { ...args, attempt: args.attempt + 1 });
        return null;
      }
      console.error(`Setting the role of ${args.tokenIdentifier} failed after ${args.attempt} attempts`, error);
      await ctx.runMutation(internal.users.roleChangeFailed, request);
    }
    return null;
  },
});

const roleRequestArgs = { userId: v.id("users"), role: roleValidator, requestedAt: v.number() };

/** Whether this request is still the user's open role change. */
export const roleChangeIsPending = internalQuery({
  args: roleRequestArgs,
  returns: v.boolean(),
  handler: async (ctx, args) => isOpenRequest(await roleChangeOf(ctx.db, args.userId), args),
});

function isOpenRequest(request: Doc<"roleChanges"> | null, { role, requestedAt }: { role: Role; requestedAt: number }) {
  return request?.state === "pending" && request.role === role && request.requestedAt === requestedAt;
}

export const roleChangeFailed = internalMutation({
  args: roleRequestArgs,
  returns: v.null(),
  handler: async (ctx, args) => {
    const request = await roleChangeOf(ctx.db, args.userId);
    if (request && isOpenRequest(request, args)) {
      await ctx.db.patch("roleChanges", request._id, { state: "failed", error: ROLE_CHANGE_TEXT.providerFailed });
    }
    return null;
  },
});

/**
 * The users row follows the role the identity provider holds. Decision: a webhook never leaves
 * zero active admins. Demoting (at Clerk) the last active admin keeps the row an admin, logs it,
 * and records the refused change so /admin/users shows it; promote someone else, then repeat.
 */
async function followRole(ctx: MutationCtx, user: Doc<"users">, role: Role) {
  const request = await roleChangeOf(ctx.db, user._id);
  if (role !== user.role) {
    if (role !== "admin" && (await isLastActiveAdmin(ctx.db, user))) {
      console.warn(`Keeping ${user.tokenIdentifier} an admin: the identity provider says ${role}, but no other active admin is left`);
      const refused = { userId: user._id, role, state: "failed" as const, requestedAt: Date.now(), error: ROLE_CHANGE_TEXT.lastAdmin };
      if (request) await ctx.db.replace("roleChanges", request._id, { ...refused, ...(request.requestedBy ? { requestedBy: request.requestedBy } : {}) });
      else await ctx.db.insert("roleChanges", refused);
      return;
    }
    await ctx.db.patch("users", user._id, { role, userType: userTypeForRole(user, role) });
  }
  // The row now holds the provider's role: a request for it is done, and an old failure is moot.
  if (request && (request.role === role || request.state === "failed")) await ctx.db.delete("roleChanges", request._id);
}

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
    updatedAt: v.optional(v.number()),
    role: v.optional(roleValidator),
  },
  returns: v.boolean(),
  handler: async (ctx, { role, updatedAt, ...event }) => {
    if (!(await claimWebhookDelivery(ctx, "clerk", event.eventId, Date.now()))) return false;
    const user = await findUserByToken(ctx.db, event.tokenIdentifier);
    if (event.type === "user.deleted") {
      // Deleting at Clerk ends the account, not the member's history: keep the row, deactivated.
      if (user && user.status === "active") {
        const now = Date.now();
        await ctx.db.patch("users", user._id, { status: "deactivated", deactivationReason: "other", deactivatedAt: now });
        await revokeAccountLinks(ctx, user._id, now);
      }
      return true;
    }
    const profile = {
      ...(event.email ? { email: event.email.trim().toLowerCase() } : {}),
      ...(event.firstName !== undefined ? { firstName: plainName(event.firstName) } : {}),
      ...(event.lastName !== undefined ? { lastName: plainName(event.lastName) } : {}),
    };
    const applied = updatedAt === undefined ? {} : { identityUpdatedAt: updatedAt };
    if (user) {
      // Svix does not promise order: an event older than one already applied would undo it.
      if (updatedAt !== undefined && user.identityUpdatedAt !== undefined && updatedAt < user.identityUpdatedAt) return true;
      const next = { ...user, ...profile };
      await ctx.db.patch("users", user._id, { ...profile, ...applied, searchText: searchTextOf(next) });
      if (role) await followRole(ctx, next, role);
      return true;
    }
    // A member moved from the embedded backend, or prepared by an admin, has a row without a token:
    // a verified e-mail claims it (as at sign-in, ensureCurrent), instead of a second, empty row.
    const prepared = event.emailVerified && profile.email ? await findUserByEmail(ctx.db, profile.email) : null;
    if (prepared && !prepared.tokenIdentifier) {
      const next = { ...prepared, ...profile };
      await ctx.db.patch("users", prepared._id, { ...profile, ...applied, tokenIdentifier: event.tokenIdentifier, searchText: searchTextOf(next) });
      if (role) await followRole(ctx, next, role);
      return true;
    }
    const now = Date.now();
    const fresh = { email: "", firstName: "", lastName: "", ...profile };
    await ctx.db.insert("users", {
      ...NEW_USER,
      ...(role ? { role, userType: userTypeForRole(NEW_USER, role) } : {}),
      ...fresh,
      ...applied,
      searchText: searchTextOf(fresh),
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

const BACKFILL_BATCH = 200;

/**
 * Gives rows written before the search existed their search text, a batch per run: `npm start`
 * runs it at every start; on a deployment, run `npx convex run users:backfillSearchText` once.
 */
export const backfillSearchText = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.null(),
  handler: async (ctx, { cursor }) => {
    const { page, isDone, continueCursor } = await ctx.db.query("users").paginate({ numItems: BACKFILL_BATCH, cursor: cursor ?? null });
    for (const user of page) {
      const searchText = searchTextOf(user);
      if (user.searchText !== searchText) await ctx.db.patch("users", user._id, { searchText });
    }
    if (!isDone) await ctx.scheduler.runAfter(0, internal.users.backfillSearchText, { cursor: continueCursor });
    return null;
  },
});

/**
 * Gives each forum name its look-alike key (model/forumNames.ts), a batch per run, so that rows
 * keyed by an older rule (lower case only) are found by the index: `npm start` runs it at every
 * start; on a deployment, run `npx convex run users:backfillForumNameKeys` once after deploying.
 */
export const backfillForumNameKeys = internalMutation({
  args: { cursor: v.optional(v.union(v.string(), v.null())) },
  returns: v.null(),
  handler: async (ctx, { cursor }) => {
    const { page, isDone, continueCursor } = await ctx.db.query("users").paginate({ numItems: BACKFILL_BATCH, cursor: cursor ?? null });
    for (const user of page) {
      const key = user.forumName === undefined ? undefined : forumNameKey(user.forumName);
      if (user.forumNameKey !== key) await ctx.db.patch("users", user._id, { forumNameKey: key });
    }
    if (!isDone) await ctx.scheduler.runAfter(0, internal.users.backfillForumNameKeys, { cursor: continueCursor });
    return null;
  },
});
