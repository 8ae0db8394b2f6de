/** Test data for the action item tests: items and sessions as the Convex queries return them. */
import type { Id } from "@convex/_generated/dataModel";
import { todayIn } from "@convex/model/actionItemRules";
import type { ActionItemView, SessionOption } from "./shared";

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
export const NOW = Date.now();
/** The test viewer's zone (memberUser in src/test/auth.ts). */
export const TODAY = todayIn("Europe/Berlin", NOW);

export const MAYA = "users:maya" as Id<"users">;
export const CORA = "users:cora" as Id<"users">;

/** TODAY moved by `days` calendar days, as "YYYY-MM-DD". */
export function dayFrom(days: number): string {
  return new Date(Date.parse(`${TODAY}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

export function session(id: string, overrides: Partial<SessionOption> = {}): SessionOption {
  return {
    _id: id as Id<"sessions">,
    title: "Weekly planning",
    startsAt: NOW - 2 * DAY,
    endsAt: NOW - 2 * DAY + HOUR,
    status: "completed",
    memberId: MAYA,
    coachId: CORA,
    memberName: "Maya Lopez",
    coachName: "Cora Lindqvist",
    ...overrides,
  };
}

export function item(id: string, overrides: Partial<ActionItemView> = {}): ActionItemView {
  const sessionId = overrides.sessionId ?? ("sessions:1" as Id<"sessions">);
  return {
    _id: id as Id<"actionItems">,
    _creationTime: NOW,
    sessionId,
    memberId: MAYA,
    coachId: CORA,
    title: `Item ${id}`,
    description: "",
    responsibleUserId: MAYA,
    commitmentType: "user_commitment",
    status: "pending",
    priority: "medium",
    tags: [],
    coachVisible: true,
    clientVisible: true,
    createdBy: MAYA,
    createdAt: NOW,
    updatedAt: NOW,
    overdue: false,
    session: { _id: sessionId, title: "Weekly planning", startsAt: NOW - 2 * DAY, status: "completed" },
    memberName: "Maya Lopez",
    coachName: "Cora Lindqvist",
    responsibleName: "Maya Lopez",
    ...overrides,
  };
}
