/**
 * Rules for managing users (/admin/users): the search text kept on each users row, the filters,
 * the user type that goes with a role, and the texts of role changes that wait on the identity
 * provider (Clerk's publicMetadata.role, or the local provider's copy of it).
 */
import type { Doc } from "../_generated/dataModel";
import type { DatabaseReader } from "../_generated/server";
import { ERROR_MESSAGES } from "./messages";
import { isGuest, type Role } from "./permissions";

export const DEACTIVATION_REASONS = ["inactivity_90_days", "subscription_cancelled", "other"] as const;
export type DeactivationReason = (typeof DEACTIVATION_REASONS)[number];
export const USER_STATUSES = ["active", "deactivated"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  coach: "Coach",
  client: "Client",
  others: "Others",
  guest_temporary: "Guest (temporary)",
  guest_confirmed: "Guest (confirmed)",
};

export const DEACTIVATION_REASON_LABELS: Record<DeactivationReason, string> = {
  inactivity_90_days: "No activity for 90 days",
  subscription_cancelled: "Subscription cancelled",
  other: "Other",
};

export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: "Active", deactivated: "Deactivated" };

/** Longest search accepted; a longer one is cut, not refused (it is typed live). */
export const USER_SEARCH_MAX = 100;

/** Why a requested role did not arrive: shown on the row until someone changes the role again. */
export const ROLE_CHANGE_TEXT = {
  lastAdmin: ERROR_MESSAGES.LAST_ADMIN,
  providerFailed: "The identity provider could not be reached, so the role was not changed. Please try again.",
} as const;

/**
 * Name and e-mail as the words Convex's search splits them into (runs of letters and digits,
 * lowercased), so "ana.silva@example.org" is found by "ana", "silva" or "example".
 */
export function searchTextOf(user: Pick<Doc<"users">, "firstName" | "lastName" | "email">): string {
  return normalizeSearch(`${user.firstName} ${user.lastName} ${user.email}`);
}

/** A typed search as search terms; "" when nothing searchable is left. */
export function normalizeSearch(input: string): string {
  return (input.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" ");
}

export function searchQuery(input: string | undefined): string {
  return normalizeSearch((input ?? "").slice(0, USER_SEARCH_MAX));
}

/** Guests' user type follows a guest role; leaving a guest role makes them a client (SPEC §3: guest types start with "guest"). */
export function userTypeForRole(user: Pick<Doc<"users">, "role" | "userType">, role: Role): string {
  if (role.startsWith("guest")) return role;
  return isGuest(user) ? "client" : user.userType;
}

export interface UserFilters {
  search?: string;
  role?: Role;
  status?: UserStatus;
}

/**
 * The admin list's query: a search goes through the search index with role and status as its
 * filter fields (best match first); without one, the role or status index (newest first).
 */
export function usersQuery(db: DatabaseReader, { search, role, status }: UserFilters) {
  const terms = searchQuery(search);
  if (terms) {
    return db.query("users").withSearchIndex("search_text", (q) => {
      const matching = q.search("searchText", terms);
      const byRole = role ? matching.eq("role", role) : matching;
      return status ? byRole.eq("status", status) : byRole;
    });
  }
  if (role) {
    return db
      .query("users")
      .withIndex("by_role_and_status", (q) => (status ? q.eq("role", role).eq("status", status) : q.eq("role", role)))
      .order("desc");
  }
  if (status) return db.query("users").withIndex("by_status", (q) => q.eq("status", status)).order("desc");
  return db.query("users").order("desc");
}

/** Whether taking `user` out of the active admins would leave none. */
export async function isLastActiveAdmin(db: DatabaseReader, user: Doc<"users">): Promise<boolean> {
  if (user.role !== "admin" || user.status !== "active") return false;
  const admins = await db
    .query("users")
    .withIndex("by_role_and_status", (q) => q.eq("role", "admin").eq("status", "active"))
    .take(2);
  return admins.every((admin) => admin._id === user._id);
}

export function roleChangeOf(db: DatabaseReader, userId: Doc<"users">["_id"]) {
  return db
    .query("roleChanges")
    .withIndex("by_user", (q) => q.eq("userId", userId))
    .unique();
}
