/**
 * The demo accounts `npm start` creates in a new data directory (embedded mode only; the README
 * lists them). Each gets a sign-in at the local identity provider and a users row in Convex.
 */
import type { MemberTier, Role } from "../convex/model/permissions";

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  userType: string;
  tier: MemberTier;
  forumMember: boolean;
  /** Forum members have one; Theo has none, so /profile shows its prompt to choose one. */
  forumName?: string;
  memberForDays: number;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: "admin@example.com", password: "demo-admin-2026", firstName: "Ada", lastName: "Admin", role: "admin", userType: "admin", tier: "mastery", forumMember: true, forumName: "Ada from LWCC", memberForDays: 800 },
  { email: "coach@example.com", password: "demo-coach-2026", firstName: "Cora", lastName: "Coach", role: "coach", userType: "coach", tier: "mastery", forumMember: true, forumName: "Coach Cora", memberForDays: 600 },
  { email: "maya@example.com", password: "demo-maya-2026", firstName: "Maya", lastName: "Ortiz", role: "client", userType: "client", tier: "control", forumMember: true, forumName: "Maya O.", memberForDays: 430 },
  { email: "theo@example.com", password: "demo-theo-2026", firstName: "Theo", lastName: "Brandt", role: "client", userType: "client", tier: "foundation", forumMember: false, memberForDays: 45 },
  { email: "guest.temporary@example.com", password: "demo-guest-2026", firstName: "Gus", lastName: "Temporary", role: "guest_temporary", userType: "guest_temporary", tier: "public", forumMember: false, memberForDays: 2 },
  { email: "guest.confirmed@example.com", password: "demo-guest-2026", firstName: "Grace", lastName: "Confirmed", role: "guest_confirmed", userType: "guest_confirmed", tier: "basic", forumMember: false, memberForDays: 20 },
];
