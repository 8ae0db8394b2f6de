import { describe, expect, it } from "vitest";
import type { Id } from "../_generated/dataModel";
import {
  ACTION_ITEM_LIMITS,
  actionItemStats,
  addCalendarDays,
  checkActionItem,
  commitmentTypeLabel,
  daysUntilDue,
  defaultDueDate,
  dueText,
  dueUrgency,
  isDueSoon,
  isOverdue,
  LIST_GROUPS,
  listGroup,
  OWNER_FILTER_LABELS,
  parseTags,
  prioritySection,
  responsibleOptions,
  sortItems,
  todayIn,
  visibleToRole,
  type ActionItemStatus,
} from "./actionItemRules";
import { BOUND_MESSAGES } from "./bounds";
import type { ActionItemPriority } from "./extraction";
import { ACTION_ITEM_MESSAGES } from "./messages";

const member = "member" as Id<"users">;
const coach = "coach" as Id<"users">;

function item(fields: { dueDate?: string; status?: ActionItemStatus; priority?: ActionItemPriority; updatedAt?: number; id?: string }) {
  return { status: "pending" as ActionItemStatus, priority: "medium" as ActionItemPriority, updatedAt: 0, ...fields };
}

describe("today and due dates", () => {
  it("takes today in the person's time zone, across midnight and a DST change", () => {
    // 29 March 2026, 23:30 UTC: already the 30th in Berlin (DST began that morning), still the 29th in New York.
    const now = Date.UTC(2026, 2, 29, 23, 30);
    expect(todayIn("UTC", now)).toBe("2026-03-29");
    expect(todayIn("Europe/Berlin", now)).toBe("2026-03-30");
    expect(todayIn("America/New_York", now)).toBe("2026-03-29");
    // 8 March 2026, 04:30 UTC: New York's clocks jumped at 07:00 UTC, so it is still the 7th there.
    expect(todayIn("America/New_York", Date.UTC(2026, 2, 8, 4, 30))).toBe("2026-03-07");
  });

  it("defaults a new item to seven days ahead, across month and year ends", () => {
    expect(defaultDueDate("2026-03-10")).toBe("2026-03-17");
    expect(defaultDueDate("2026-01-28")).toBe("2026-02-04");
    expect(defaultDueDate("2026-12-29")).toBe("2027-01-05");
    expect(defaultDueDate("2028-02-25")).toBe("2028-03-03");
    expect(addCalendarDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("counts calendar days, whole across a DST change and a month end", () => {
    expect(daysUntilDue("2026-03-30", "2026-03-28")).toBe(2);
    expect(daysUntilDue("2026-11-02", "2026-10-31")).toBe(2);
    expect(daysUntilDue("2026-02-27", "2026-03-02")).toBe(-3);
  });

  it("says when an item is due (SPEC §4)", () => {
    expect(dueText("2026-03-10", "2026-03-10")).toBe("Due today");
    expect(dueText("2026-03-11", "2026-03-10")).toBe("Due tomorrow");
    expect(dueText("2026-04-01", "2026-03-31")).toBe("Due tomorrow");
    expect(dueText("2026-03-15", "2026-03-10")).toBe("Due in 5 days");
    expect(dueText("2026-03-09", "2026-03-10")).toBe("Due yesterday");
    expect(dueText("2026-02-28", "2026-03-02")).toBe("Overdue by 2 days");
    expect(dueText("2026-03-27", "2026-03-30")).toBe("Overdue by 3 days");
  });

  it("rates due-date urgency high at a day or less, medium at 3, low at 7, else none", () => {
    const today = "2026-03-10";
    expect(dueUrgency("2026-03-01", today)).toBe("high");
    expect(dueUrgency("2026-03-10", today)).toBe("high");
    expect(dueUrgency("2026-03-11", today)).toBe("high");
    expect(dueUrgency("2026-03-12", today)).toBe("medium");
    expect(dueUrgency("2026-03-13", today)).toBe("medium");
    expect(dueUrgency("2026-03-14", today)).toBe("low");
    expect(dueUrgency("2026-03-17", today)).toBe("low");
    expect(dueUrgency("2026-03-18", today)).toBeNull();
    expect(dueUrgency(undefined, today)).toBeNull();
  });

  it("derives overdue and due soon from open items only", () => {
    const today = "2026-03-10";
    expect(isOverdue(item({ dueDate: "2026-03-09" }), today)).toBe(true);
    expect(isOverdue(item({ dueDate: "2026-03-10" }), today)).toBe(false);
    expect(isOverdue(item({ dueDate: "2026-03-09", status: "completed" }), today)).toBe(false);
    expect(isOverdue(item({ dueDate: "2026-03-09", status: "cancelled" }), today)).toBe(false);
    expect(isOverdue(item({}), today)).toBe(false);
    expect(isDueSoon(item({ dueDate: "2026-03-17" }), today)).toBe(true);
    expect(isDueSoon(item({ dueDate: "2026-03-18" }), today)).toBe(false);
    expect(isDueSoon(item({ dueDate: "2026-03-09" }), today)).toBe(false);
    expect(isDueSoon(item({ dueDate: "2026-03-12", status: "completed" }), today)).toBe(false);
  });
});

describe("sections, groups, sorting and stats", () => {
  const today = "2026-03-10";

  it("puts overdue items into Urgent, the rest by their priority", () => {
    expect(prioritySection(item({ priority: "low", dueDate: "2026-03-09" }), today)).toBe("urgent");
    expect(prioritySection(item({ priority: "low", dueDate: "2026-03-09", status: "completed" }), today)).toBe("low");
    expect(prioritySection(item({ priority: "high" }), today)).toBe("high");
  });

  it("groups the list Overdue, In Progress, Pending, Blocked, Completed", () => {
    expect(LIST_GROUPS.map((group) => group.label)).toEqual(["Overdue", "In Progress", "Pending", "Blocked", "Completed"]);
    expect(listGroup(item({ status: "in_progress", dueDate: "2026-03-01" }), today)).toBe("overdue");
    expect(listGroup(item({ status: "in_progress" }), today)).toBe("in_progress");
    expect(listGroup(item({ status: "blocked" }), today)).toBe("blocked");
    expect(listGroup(item({ status: "completed", dueDate: "2026-03-01" }), today)).toBe("completed");
    expect(listGroup(item({ status: "cancelled" }), today)).toBeNull();
  });

  it("sorts by urgency (overdue as urgent), by due date, or by last change", () => {
    const items = [
      item({ id: "low-overdue", priority: "low", dueDate: "2026-03-08", updatedAt: 1 }),
      item({ id: "urgent-later", priority: "urgent", dueDate: "2026-03-20", updatedAt: 2 }),
      item({ id: "high-undated", priority: "high", updatedAt: 3 }),
      item({ id: "high-soon", priority: "high", dueDate: "2026-03-11", updatedAt: 4 }),
    ];
    const ids = (sorted: typeof items) => sorted.map((entry) => entry.id);
    expect(ids(sortItems(items, "priority", today))).toEqual(["low-overdue", "urgent-later", "high-soon", "high-undated"]);
    expect(ids(sortItems(items, "dueDate", today))).toEqual(["low-overdue", "high-soon", "urgent-later", "high-undated"]);
    expect(ids(sortItems(items, "recent", today))).toEqual(["high-soon", "high-undated", "urgent-later", "low-overdue"]);
  });

  it("counts total, done, overdue and the completion percent", () => {
    const items = [item({ status: "completed" }), item({ status: "completed", dueDate: "2026-03-01" }), item({ dueDate: "2026-03-01" })];
    expect(actionItemStats(items, today)).toEqual({ total: 3, done: 2, overdue: 1, completionPercent: 67 });
    expect(actionItemStats([], today)).toEqual({ total: 0, done: 0, overdue: 0, completionPercent: 0 });
  });
});

describe("the form", () => {
  const valid = {
    title: "Block two focus mornings",
    sessionId: "session",
    responsibleUserId: member,
    commitmentType: "user_commitment" as const,
    priority: "high" as const,
  };

  it("accepts a complete draft", () => {
    expect(checkActionItem(valid)).toEqual({});
    expect(
      checkActionItem({
        ...valid,
        estimatedMinutes: 0,
        transcriptTimestamp: "2:05",
        dueDate: "2028-02-29",
        session: { memberId: member, coachId: coach },
      }),
    ).toEqual({});
  });

  it("names each field in trouble with its message", () => {
    expect(
      checkActionItem({
        title: "   ",
        sessionId: "",
        responsibleUserId: "",
        commitmentType: "",
        priority: "",
        estimatedMinutes: -1,
        transcriptTimestamp: "125",
        dueDate: "2026-02-30",
      }),
    ).toEqual({
      title: "Please enter a title.",
      sessionId: "Please choose a session.",
      responsibleUserId: "Please choose who is responsible.",
      commitmentType: "Please choose a commitment type.",
      priority: "Please choose a priority.",
      estimatedMinutes: BOUND_MESSAGES.wholeNumber(0, ACTION_ITEM_LIMITS.minutes),
      transcriptTimestamp: "Use MM:SS, for example 12:05.",
      dueDate: "Please enter a valid date.",
    });
    for (const estimatedMinutes of [Number.NaN, 1e308, 2.5, ACTION_ITEM_LIMITS.minutes + 1])
      expect(checkActionItem({ ...valid, estimatedMinutes }).estimatedMinutes).toBe(BOUND_MESSAGES.wholeNumber(0, ACTION_ITEM_LIMITS.minutes));
    expect(checkActionItem({ ...valid, estimatedMinutes: ACTION_ITEM_LIMITS.minutes }).estimatedMinutes).toBeUndefined();
    expect(checkActionItem({ ...valid, dueDate: "next week" }).dueDate).toBe(ACTION_ITEM_MESSAGES.DUE_DATE_INVALID);
  });

  it("allows only the session's people the commitment type gives", () => {
    const session = { memberId: member, coachId: coach };
    expect(responsibleOptions("user_commitment", session)).toEqual([member]);
    expect(responsibleOptions("coach_commitment", session)).toEqual([coach]);
    expect(responsibleOptions("mutual_agreement", session)).toEqual([member, coach]);
    expect(checkActionItem({ ...valid, session, responsibleUserId: coach }).responsibleUserId).toBe(
      ACTION_ITEM_MESSAGES.RESPONSIBLE_REQUIRED,
    );
    expect(checkActionItem({ ...valid, session, commitmentType: "mutual_agreement", responsibleUserId: coach })).toEqual({});
  });

  it("reads comma-separated tags, trimmed, without blanks or repeats", () => {
    expect(parseTags("a, b ,,c")).toEqual(["a", "b", "c"]);
    expect(parseTags(" focus , focus,  ")).toEqual(["focus"]);
    expect(parseTags("")).toEqual([]);
  });
});

describe("who sees what", () => {
  const hiddenFromClient = { clientVisible: false, coachVisible: true };
  const hiddenFromCoach = { clientVisible: true, coachVisible: false };

  it("shows a client only client-visible items and a coach only coach-visible ones; others see all", () => {
    expect(visibleToRole("client", hiddenFromClient)).toBe(false);
    expect(visibleToRole("client", hiddenFromCoach)).toBe(true);
    expect(visibleToRole("coach", hiddenFromCoach)).toBe(false);
    expect(visibleToRole("coach", hiddenFromClient)).toBe(true);
    expect(visibleToRole("others", { clientVisible: false, coachVisible: false })).toBe(true);
    expect(visibleToRole("admin", { clientVisible: false, coachVisible: false })).toBe(true);
  });

  it("treats guests as the client they are in their sessions", () => {
    expect(visibleToRole("guest_temporary", hiddenFromClient)).toBe(false);
    expect(visibleToRole("guest_confirmed", hiddenFromCoach)).toBe(true);
  });

  it("switches labels for coaches", () => {
    expect(OWNER_FILTER_LABELS(false)).toEqual({ all: "All Items", mine: "My Tasks", other: "Coach Tasks", mutual: "Mutual Agreements" });
    expect(OWNER_FILTER_LABELS(true).other).toBe("Client Tasks");
    expect(commitmentTypeLabel("user_commitment", true)).toBe("Client Commitment");
    expect(commitmentTypeLabel("coach_commitment", true)).toBe("My Commitment");
    expect(commitmentTypeLabel("user_commitment", false)).toBe("My Commitment");
    expect(commitmentTypeLabel("coach_commitment", false)).toBe("Coach Commitment");
    expect(commitmentTypeLabel("mutual_agreement", false)).toBe("Mutual Agreement");
  });
});
