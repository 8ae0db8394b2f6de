// Loaded before fake timers replace Date: TZDate copies Date's methods when it first loads, and
// convex-test loads the functions (and with them @date-fns/tz) only at the first call.
import "@date-fns/tz";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { ACTION_ITEM_LIMITS } from "./model/actionItemRules";
import { ACTION_ITEM_MESSAGES, AUTH_MESSAGES, BOUND_MESSAGES, type UserError } from "./model/messages";
import type { Role } from "./model/permissions";
import { activitiesOf, insertSession, notificationsOf } from "./test.sessions";
import { seedDemo } from "./test.seed";
import { newConvexTest, runScheduled } from "./test.setup";
import { signedIn, type Accessor, type T } from "./test.users";

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ConvexError ? (error.data as { code: string }).code : error;
  }
};

const DAY = 24 * 60 * 60 * 1000;

async function setup(memberRole: Role = "client") {
  const t = newConvexTest();
  const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes" });
  const member = await signedIn(t, memberRole, { firstName: "Maya", lastName: "Ortiz" });
  const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id, status: "completed", title: "Focus check-in" });
  return { t, coach, member, sessionId };
}

/** A valid form for the member's own commitment on `sessionId`. */
function form(sessionId: Id<"sessions">, responsibleUserId: Id<"users">, overrides: Record<string, unknown> = {}) {
  return {
    sessionId,
    title: "Block two focus mornings",
    description: "Tuesday and Thursday, 9 to 12.",
    responsibleUserId,
    commitmentType: "user_commitment" as const,
    priority: "high" as const,
    dueDate: "2026-03-17",
    tags: ["focus", " calendar ", "focus"],
    coachVisible: true,
    clientVisible: true,
    ...overrides,
  };
}

const itemsIn = (t: T) => t.run((ctx) => ctx.db.query("actionItems").collect());

afterEach(() => {
  vi.useRealTimers();
});

describe("actionItems:create", () => {
  it("lets the member add their own commitment, listed with names and its session, and tells their feed", async () => {
    const { t, member, sessionId } = await setup();
    const id = await member.as.mutation(api.actionItems.create, form(sessionId, member.id, { title: "  Block two focus mornings  " }));
    const [view] = await member.as.query(api.actionItems.list, {});
    expect(view).toMatchObject({
      _id: id,
      title: "Block two focus mornings",
      status: "pending",
      tags: ["focus", "calendar"],
      memberName: "Maya Ortiz",
      coachName: "Cora Reyes",
      responsibleName: "Maya Ortiz",
      session: { _id: sessionId, title: "Focus check-in", status: "completed" },
      createdBy: member.id,
    });
    expect(view!.completedDate).toBeUndefined();
    expect(await activitiesOf(t, member.id)).toMatchObject([
      { type: "session", title: "Action item added", description: "Block two focus mornings" },
    ]);
    expect(await notificationsOf(t, member.id)).toEqual([]);
  });

  it("lets the coach add an item, and tells the member about it unless it is hidden from them", async () => {
    const { t, coach, member, sessionId } = await setup();
    await coach.as.mutation(
      api.actionItems.create,
      form(sessionId, coach.id, { commitmentType: "coach_commitment", title: "Send the snippets" }),
    );
    await coach.as.mutation(
      api.actionItems.create,
      form(sessionId, coach.id, { commitmentType: "coach_commitment", title: "Private note", clientVisible: false }),
    );
    expect(await notificationsOf(t, member.id)).toMatchObject([
      { type: "action_item", priority: "low", title: "New action item", message: "Send the snippets" },
    ]);
    expect((await activitiesOf(t, member.id)).map((a) => a.description)).toEqual(["Send the snippets"]);
    expect((await coach.as.query(api.actionItems.list, {})).map((item) => item.title).sort()).toEqual([
      "Private note",
      "Send the snippets",
    ]);
  });

  it("sets completedDate on an item created as completed", async () => {
    const { t, member, sessionId } = await setup();
    await member.as.mutation(api.actionItems.create, form(sessionId, member.id, { status: "completed" }));
    expect((await itemsIn(t))[0]!.completedDate).toBeTypeOf("number");
  });

  it("refuses invalid input with field messages and writes nothing", async () => {
    const { t, coach, member, sessionId } = await setup();
    const error = await member.as
      .mutation(
        api.actionItems.create,
        form(sessionId, coach.id, { title: "   ", transcriptTimestamp: "5", dueDate: "2026-13-01" }),
      )
      .catch((caught: unknown) => caught);
    expect((error as ConvexError<{ code: string; fields: Record<string, string> }>).data).toEqual({
      code: "INVALID_ACTION_ITEM",
      message: ACTION_ITEM_MESSAGES.INVALID_ACTION_ITEM,
      fields: {
        title: "Please enter a title.",
        responsibleUserId: "Please choose who is responsible.",
        transcriptTimestamp: "Use MM:SS, for example 12:05.",
        dueDate: "Please enter a valid date.",
      },
    });
    const cancelled = await insertSession(t, { memberId: member.id, coachId: coach.id, status: "cancelled" });
    expect(await codeOf(member.as.mutation(api.actionItems.create, form(cancelled, member.id)))).toBe("INVALID_ACTION_ITEM");
    expect(await itemsIn(t)).toEqual([]);
    expect(await activitiesOf(t, member.id)).toEqual([]);
  });

  it("refuses a huge title, a thousand tags and minutes past their range, naming each field and writing nothing", async () => {
    const { t, member, sessionId } = await setup();
    const error = await member.as
      .mutation(
        api.actionItems.create,
        form(sessionId, member.id, { title: "x".repeat(100_000), tags: Array.from({ length: 1000 }, (_, i) => `tag${i}`), estimatedMinutes: 1e308 }),
      )
      .catch((caught: unknown) => caught);
    expect((error as ConvexError<UserError>).data).toEqual({
      code: "INVALID_INPUT",
      message: AUTH_MESSAGES.INVALID_INPUT,
      fields: {
        title: BOUND_MESSAGES.tooLong(ACTION_ITEM_LIMITS.title),
        tags: BOUND_MESSAGES.tooMany(ACTION_ITEM_LIMITS.tags),
        estimatedMinutes: BOUND_MESSAGES.wholeNumber(0, ACTION_ITEM_LIMITS.minutes),
      },
    });
    const id = await member.as.mutation(api.actionItems.create, form(sessionId, member.id));
    const before = await itemsIn(t);
    const edit = { ...form(sessionId, member.id), status: "completed" as const };
    const { sessionId: _, ...fields } = edit;
    expect(await codeOf(member.as.mutation(api.actionItems.update, { id, ...fields, actualMinutes: -500 }))).toBe("INVALID_INPUT");
    expect(await codeOf(member.as.mutation(api.actionItems.update, { id, ...fields, completionNotes: "Done\u202Egnp.exe" }))).toBe("INVALID_INPUT");
    expect(await codeOf(member.as.mutation(api.actionItems.quickAdd, { title: "Plan\r\nthe week" }))).toBe("INVALID_INPUT");
    expect(await itemsIn(t)).toEqual(before);
  });

  it("keeps people who are not in the session out, staff included", async () => {
    const { t, member, sessionId } = await setup();
    for (const role of ["client", "coach", "admin"] as const) {
      const outsider = await signedIn(t, role);
      expect(await codeOf(outsider.as.mutation(api.actionItems.create, form(sessionId, member.id)))).toBe("SESSION_NOT_FOUND");
    }
    expect(await itemsIn(t)).toEqual([]);
  });
});

describe("reading and changing an item", () => {
  it("answers not found to anyone outside the session, and changes nothing", async () => {
    const { t, member, sessionId } = await setup();
    const id = await member.as.mutation(api.actionItems.create, form(sessionId, member.id));
    for (const role of ["client", "coach", "admin"] as const) {
      const outsider = await signedIn(t, role);
      expect(await outsider.as.query(api.actionItems.get, { id })).toBeNull();
      expect(await outsider.as.query(api.actionItems.list, {})).toEqual([]);
      expect(await codeOf(outsider.as.mutation(api.actionItems.updateStatus, { id, status: "completed" }))).toBe("ACTION_ITEM_NOT_FOUND");
      const { sessionId: _s, ...edit } = form(sessionId, member.id, { title: "Changed" });
      expect(await codeOf(outsider.as.mutation(api.actionItems.update, { id, ...edit, status: "pending" }))).toBe("ACTION_ITEM_NOT_FOUND");
    }
    expect((await itemsIn(t))[0]).toMatchObject({ title: "Block two focus mornings", status: "pending" });
  });

  it("hides client-hidden items from a client and coach-hidden ones from a coach, in list, get, card and writes", async () => {
    const { coach, member, sessionId } = await setup();
    const hiddenFromClient = await coach.as.mutation(
      api.actionItems.create,
      form(sessionId, coach.id, { commitmentType: "coach_commitment", title: "Coach note", clientVisible: false }),
    );
    const hiddenFromCoach = await member.as.mutation(
      api.actionItems.create,
      form(sessionId, member.id, { title: "Private plan", coachVisible: false }),
    );

    const titles = async (as: Accessor) => (await as.query(api.actionItems.list, {})).map((item) => item.title);
    expect(await titles(member.as)).toEqual(["Private plan"]);
    expect(await titles(coach.as)).toEqual(["Coach note"]);
    expect(await member.as.query(api.actionItems.get, { id: hiddenFromClient })).toBeNull();
    expect(await coach.as.query(api.actionItems.get, { id: hiddenFromCoach })).toBeNull();
    expect((await member.as.query(api.actionItems.card, {})).items.map((item) => item.title)).toEqual(["Private plan"]);
    expect((await coach.as.query(api.actionItems.card, {})).openCount).toBe(1);
    expect(await codeOf(member.as.mutation(api.actionItems.updateStatus, { id: hiddenFromClient, status: "completed" }))).toBe(
      "ACTION_ITEM_NOT_FOUND",
    );
    expect(await codeOf(coach.as.mutation(api.actionItems.updateStatus, { id: hiddenFromCoach, status: "completed" }))).toBe(
      "ACTION_ITEM_NOT_FOUND",
    );
  });

  it("shows every item of their sessions to the 'others' role and to admins", async () => {
    const t = newConvexTest();
    const admin = await signedIn(t, "admin");
    const member = await signedIn(t, "others");
    const sessionId = await insertSession(t, { memberId: member.id, coachId: admin.id });
    await admin.as.mutation(
      api.actionItems.create,
      form(sessionId, admin.id, { commitmentType: "coach_commitment", clientVisible: false }),
    );
    await member.as.mutation(api.actionItems.create, form(sessionId, member.id, { coachVisible: false }));
    expect(await member.as.query(api.actionItems.list, {})).toHaveLength(2);
    expect(await admin.as.query(api.actionItems.list, {})).toHaveLength(2);
  });

  it("sets completedDate when an item is completed and clears it when reopened", async () => {
    const { t, coach, member, sessionId } = await setup();
    const id = await member.as.mutation(api.actionItems.create, form(sessionId, member.id));
    const stored = async () => (await t.run((ctx) => ctx.db.get("actionItems", id)))!;

    await coach.as.mutation(api.actionItems.updateStatus, { id, status: "completed" });
    const completedDate = (await stored()).completedDate;
    expect(completedDate).toBeTypeOf("number");
    expect((await activitiesOf(t, member.id)).map((a) => a.title)).toEqual(["Action item added", "Action item completed"]);

    const { sessionId: _s, ...edit } = form(sessionId, member.id);
    await member.as.mutation(api.actionItems.update, {
      id,
      ...edit,
      status: "completed",
      actualMinutes: 40,
      completionNotes: " Done early ",
    });
    expect(await stored()).toMatchObject({ completedDate, actualMinutes: 40, completionNotes: "Done early" });

    await member.as.mutation(api.actionItems.updateStatus, { id, status: "in_progress" });
    expect((await stored()).completedDate).toBeUndefined();
    await member.as.mutation(api.actionItems.updateStatus, { id, status: "completed" });
    expect((await stored()).completedDate).toBeTypeOf("number");
    await member.as.mutation(api.actionItems.update, { id, ...edit, status: "pending" });
    expect((await stored()).completedDate).toBeUndefined();
  });

  it("replaces every field on update: optional ones left out are cleared, and the form's checks apply", async () => {
    const { t, coach, member, sessionId } = await setup();
    const id = await member.as.mutation(
      api.actionItems.create,
      form(sessionId, member.id, { estimatedMinutes: 30, transcriptQuote: "I'll block the mornings.", transcriptTimestamp: "12:05" }),
    );
    await member.as.mutation(api.actionItems.update, {
      id,
      title: "Block three focus mornings",
      description: "",
      responsibleUserId: coach.id,
      commitmentType: "mutual_agreement",
      priority: "urgent",
      tags: [],
      coachVisible: true,
      clientVisible: true,
      status: "in_progress",
    });
    const stored = (await t.run((ctx) => ctx.db.get("actionItems", id)))!;
    expect(stored).toMatchObject({ title: "Block three focus mornings", responsibleUserId: coach.id, status: "in_progress", tags: [] });
    expect(stored.dueDate).toBeUndefined();
    expect(stored.estimatedMinutes).toBeUndefined();
    expect(stored.transcriptQuote).toBeUndefined();
    expect(
      await codeOf(
        member.as.mutation(api.actionItems.update, {
          id,
          title: "x",
          description: "",
          responsibleUserId: coach.id,
          commitmentType: "user_commitment",
          priority: "low",
          tags: [],
          coachVisible: true,
          clientVisible: true,
          status: "pending",
        }),
      ),
    ).toBe("INVALID_ACTION_ITEM");
  });

  it("keeps a coach's item the coach's: its client may change only the status, the time spent and their notes", async () => {
    const { t, coach, member, sessionId } = await setup();
    const coachCommitment = await coach.as.mutation(
      api.actionItems.create,
      form(sessionId, coach.id, { commitmentType: "coach_commitment", title: "Send the planner template" }),
    );
    // Made by the coach for the client: still the coach's to word and schedule.
    const assigned = await coach.as.mutation(api.actionItems.create, form(sessionId, member.id, { title: "Try the 2-minute start", estimatedMinutes: 10 }));
    const stored = async (id: Id<"actionItems">) => (await t.run((ctx) => ctx.db.get("actionItems", id)))!;
    /** The edit form as it would arrive for the item untouched. */
    const editOf = async (id: Id<"actionItems">) => {
      const item = await stored(id);
      return {
        id,
        title: item.title,
        description: item.description,
        responsibleUserId: item.responsibleUserId,
        commitmentType: item.commitmentType,
        priority: item.priority,
        dueDate: item.dueDate,
        tags: item.tags,
        estimatedMinutes: item.estimatedMinutes,
        transcriptQuote: item.transcriptQuote,
        transcriptTimestamp: item.transcriptTimestamp,
        coachVisible: item.coachVisible,
        clientVisible: item.clientVisible,
        status: item.status,
        actualMinutes: item.actualMinutes,
        completionNotes: item.completionNotes,
      };
    };
    const refusal = async (promise: Promise<unknown>) => {
      try {
        await promise;
        return undefined;
      } catch (error) {
        return (error as ConvexError<{ code: string; message: string; fields?: Record<string, string> }>).data;
      }
    };

    for (const id of [coachCommitment, assigned]) {
      const before = await stored(id);
      const attempts: [Record<string, unknown>, string[]][] = [
        [{ title: "Nothing to send", status: "completed" }, ["title"]],
        [{ coachVisible: false }, ["coachVisible"]],
        [{ description: "Changed", dueDate: "2026-12-31", priority: "low" }, ["description", "dueDate", "priority"]],
        [{ commitmentType: "mutual_agreement", responsibleUserId: before.responsibleUserId === member.id ? coach.id : member.id }, ["commitmentType", "responsibleUserId"]],
        [{ tags: ["mine"], estimatedMinutes: 1, clientVisible: false }, ["tags", "estimatedMinutes", "clientVisible"]],
      ];
      for (const [change, fields] of attempts) {
        const data = await refusal(member.as.mutation(api.actionItems.update, { ...(await editOf(id)), ...change }));
        expect(data, JSON.stringify(change)).toMatchObject({ code: "ACTION_ITEM_COACH_FIELDS", message: ACTION_ITEM_MESSAGES.ACTION_ITEM_COACH_FIELDS });
        expect(Object.keys(data!.fields ?? {}).sort()).toEqual([...fields].sort());
        for (const field of fields) expect(data!.fields![field]).toBe(ACTION_ITEM_MESSAGES.COACH_FIELD_LOCKED);
      }
      expect(await stored(id)).toEqual(before);

      // What is the client's: the status, the time spent and their own notes; the same words re-sent (untrimmed) are no change.
      const untouched = await editOf(id);
      await member.as.mutation(api.actionItems.update, {
        ...untouched,
        title: ` ${untouched.title} `,
        tags: [...untouched.tags, " "],
        status: "completed",
        actualMinutes: 25,
        completionNotes: " Done on Tuesday ",
      });
      const { updatedAt: _updated, ...details } = before;
      expect(await stored(id)).toMatchObject({ ...details, status: "completed", actualMinutes: 25, completionNotes: "Done on Tuesday" });
      await member.as.mutation(api.actionItems.updateStatus, { id, status: "in_progress" });
      expect((await stored(id)).status).toBe("in_progress");

      // The coach still changes the details.
      await coach.as.mutation(api.actionItems.update, { ...(await editOf(id)), title: "Reworded by the coach" });
      expect((await stored(id)).title).toBe("Reworded by the coach");
    }

    // The dialog on a coach's item sends only what is the client's, so a detail the coach changed meanwhile stands.
    await coach.as.mutation(api.actionItems.update, { ...(await editOf(coachCommitment)), title: "Send the planner and the checklist" });
    await member.as.mutation(api.actionItems.updateProgress, { id: coachCommitment, status: "blocked", actualMinutes: 5, completionNotes: "Waiting for it" });
    expect(await stored(coachCommitment)).toMatchObject({
      title: "Send the planner and the checklist",
      status: "blocked",
      actualMinutes: 5,
      completionNotes: "Waiting for it",
    });
    expect(await refusal(member.as.mutation(api.actionItems.updateProgress, { id: coachCommitment, status: "pending", actualMinutes: -5 }))).toMatchObject({
      code: "INVALID_INPUT",
      fields: { actualMinutes: BOUND_MESSAGES.wholeNumber(0, ACTION_ITEM_LIMITS.minutes) },
    });
    expect((await stored(coachCommitment)).status).toBe("blocked");

    // The client's own commitment stays theirs to change in full.
    const own = await member.as.mutation(api.actionItems.create, form(sessionId, member.id, { title: "My own plan" }));
    await member.as.mutation(api.actionItems.update, { ...(await editOf(own)), title: "My own plan, reworded", coachVisible: false });
    expect(await stored(own)).toMatchObject({ title: "My own plan, reworded", coachVisible: false });
  });

  it("derives overdue from each caller's own today, in their time zone", async () => {
    // 10 March 2026, 12:00 UTC: already the 11th in Auckland.
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 2, 10, 12));
    const { t, coach, member, sessionId } = await setup();
    await t.run((ctx) => ctx.db.patch("users", member.id, { timezone: "Pacific/Auckland" }));
    const id = await member.as.mutation(api.actionItems.create, form(sessionId, member.id, { dueDate: "2026-03-10" }));
    expect((await member.as.query(api.actionItems.get, { id }))!.overdue).toBe(true);
    expect((await coach.as.query(api.actionItems.get, { id }))!.overdue).toBe(false);
    vi.setSystemTime(Date.UTC(2026, 2, 11, 0, 30));
    expect((await coach.as.query(api.actionItems.list, {}))[0]!.overdue).toBe(true);
    await member.as.mutation(api.actionItems.updateStatus, { id, status: "completed" });
    expect((await member.as.query(api.actionItems.get, { id }))!.overdue).toBe(false);
  });
});

describe("actionItems:quickAdd", () => {
  const storedItem = async (t: T, id: Id<"actionItems">) => (await t.run((ctx) => ctx.db.get("actionItems", id)))!;

  it("puts the item on the running session, else the next, else the last completed one, never a cancelled one", async () => {
    // 10 March 2026, 12:00 UTC: already the 11th in Auckland, so due a week on is the 18th.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2026, 2, 10, 12));
    const { t, coach, member, sessionId: earlier } = await setup();
    await t.run((ctx) => ctx.db.patch("users", member.id, { timezone: "Pacific/Auckland" }));
    const now = Date.now();
    await t.run((ctx) => ctx.db.patch("sessions", earlier, { startsAt: now - 5 * DAY, endsAt: now - 5 * DAY + 60 * 60 * 1000 }));
    const lastCompleted = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: now - 2 * DAY, status: "completed" });
    await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: now - DAY, status: "cancelled" });
    await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: now - 3 * 60 * 60 * 1000, status: "no_show" });

    const first = await member.as.mutation(api.actionItems.quickAdd, { title: "  Draft the outline  " });
    expect(await storedItem(t, first)).toMatchObject({
      sessionId: lastCompleted,
      title: "Draft the outline",
      description: "",
      commitmentType: "user_commitment",
      responsibleUserId: member.id,
      priority: "medium",
      status: "pending",
      dueDate: "2026-03-18",
      tags: [],
      coachVisible: true,
      clientVisible: true,
      memberId: member.id,
      coachId: coach.id,
      createdBy: member.id,
    });

    const next = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: now + 2 * DAY });
    await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: now + DAY, status: "cancelled" });
    expect((await storedItem(t, await member.as.mutation(api.actionItems.quickAdd, { title: "Next" }))).sessionId).toBe(next);

    const running = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: now - 10 * 60 * 1000 });
    expect((await storedItem(t, await member.as.mutation(api.actionItems.quickAdd, { title: "Now" }))).sessionId).toBe(running);
    expect((await member.as.query(api.actionItems.list, {})).map((item) => item.title).sort()).toEqual([
      "Draft the outline",
      "Next",
      "Now",
    ]);
  });

  it("makes it the coach's own commitment on a session they coach, and tells the member as the form does", async () => {
    const { t, coach, member } = await setup();
    const next = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() + DAY });
    const id = await coach.as.mutation(api.actionItems.quickAdd, { title: "Send the snippets" });
    expect(await storedItem(t, id)).toMatchObject({
      sessionId: next,
      commitmentType: "coach_commitment",
      responsibleUserId: coach.id,
      createdBy: coach.id,
    });
    expect(await notificationsOf(t, member.id)).toMatchObject([
      { type: "action_item", title: "New action item", message: "Send the snippets" },
    ]);
  });

  it("refuses a blank title with the form's field error, and a caller without a session, and writes nothing", async () => {
    const { t, coach, member } = await setup();
    const dataOf = async (promise: Promise<unknown>) =>
      ((await promise.catch((caught: unknown) => caught)) as ConvexError<{ code: string; fields: Record<string, string> }>).data;
    expect(await dataOf(member.as.mutation(api.actionItems.quickAdd, { title: "   " }))).toEqual({
      code: "INVALID_ACTION_ITEM",
      message: ACTION_ITEM_MESSAGES.INVALID_ACTION_ITEM,
      fields: { title: ACTION_ITEM_MESSAGES.TITLE_REQUIRED },
    });

    const newcomer = await signedIn(t, "client");
    await insertSession(t, { memberId: newcomer.id, coachId: coach.id, status: "cancelled" });
    expect(await dataOf(newcomer.as.mutation(api.actionItems.quickAdd, { title: "Plan the week" }))).toEqual({
      code: "INVALID_ACTION_ITEM",
      message: ACTION_ITEM_MESSAGES.INVALID_ACTION_ITEM,
      fields: { sessionId: ACTION_ITEM_MESSAGES.QUICK_ADD_NO_SESSION },
    });
    expect((await dataOf(newcomer.as.mutation(api.actionItems.quickAdd, { title: "" }))).fields).toEqual({
      title: ACTION_ITEM_MESSAGES.TITLE_REQUIRED,
      sessionId: ACTION_ITEM_MESSAGES.QUICK_ADD_NO_SESSION,
    });
    expect(await itemsIn(t)).toEqual([]);
    expect(await activitiesOf(t, member.id)).toEqual([]);
  });

  it("refuses guests, who only read", async () => {
    const { t, coach } = await setup();
    for (const role of ["guest_temporary", "guest_confirmed"] as const) {
      const guest = await signedIn(t, role);
      await insertSession(t, { memberId: guest.id, coachId: coach.id });
      expect(await codeOf(guest.as.mutation(api.actionItems.quickAdd, { title: "Plan the week" }))).toBe("FORBIDDEN");
    }
    expect(await itemsIn(t)).toEqual([]);
  });
});

describe("actionItems:card", () => {
  it("shows the three most urgent open items, overdue first, and counts pending, active and open ones", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 2, 10, 12));
    const { member, sessionId } = await setup();
    const add = (title: string, overrides: Record<string, unknown>) =>
      member.as.mutation(api.actionItems.create, form(sessionId, member.id, { title, ...overrides }));
    await add("Low but overdue", { priority: "low", dueDate: "2026-03-09" });
    await add("Urgent", { priority: "urgent", dueDate: "2026-03-20" });
    await add("High, due soon", { priority: "high", dueDate: "2026-03-11", status: "in_progress" });
    await add("High, later", { priority: "high", dueDate: "2026-03-19", status: "blocked" });
    await add("Medium", { priority: "medium" });
    await add("Done", { priority: "urgent", status: "completed" });
    await add("Dropped", { priority: "urgent", status: "cancelled" });
    const card = await member.as.query(api.actionItems.card, {});
    expect(card.items.map((item) => item.title)).toEqual(["Low but overdue", "Urgent", "High, due soon"]);
    expect(card.items[0]!.overdue).toBe(true);
    expect(card).toMatchObject({ pendingCount: 3, activeCount: 1, openCount: 5 });
  });

  it("is empty for someone without items", async () => {
    const { t } = await setup();
    const stranger = await signedIn(t, "client");
    expect(await stranger.as.query(api.actionItems.card, {})).toEqual({
      items: [],
      pendingCount: 0,
      activeCount: 0,
      openCount: 0,
      totalCount: 0,
    });
  });
});

describe("actionItems:sessions", () => {
  it("lists only the caller's own sessions as member or coach, newest first, without cancelled ones", async () => {
    const { t, coach, member, sessionId } = await setup();
    const later = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() + 2 * DAY });
    await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() + DAY, status: "cancelled" });
    const someoneElse = await signedIn(t, "client");
    const theirs = await insertSession(t, { memberId: someoneElse.id, coachId: coach.id, startsAt: Date.now() - DAY });

    const mine = await member.as.query(api.actionItems.sessions, {});
    expect(mine.map((session) => session._id)).toEqual([later, sessionId]);
    expect(mine[0]).toMatchObject({ memberId: member.id, coachId: coach.id, memberName: "Maya Ortiz", coachName: "Cora Reyes" });
    expect((await coach.as.query(api.actionItems.sessions, {})).map((session) => session._id)).toEqual([later, sessionId, theirs]);
    expect((await someoneElse.as.query(api.actionItems.sessions, {})).map((session) => session._id)).toEqual([theirs]);
  });
});

describe("seed.demo", () => {
  it("gives Maya action items once: open and done, overdue and due soon, the coach's own, a mutual one, and a note she does not see", async () => {
    const t = newConvexTest();
    const base = { userType: "client", tier: "control" as const, forumMember: true, memberForDays: 400 };
    const accounts = [
      {
        ...base,
        tokenIdentifier: "local|coach",
        email: "coach@example.com",
        firstName: "Cora",
        lastName: "Coach",
        role: "coach" as const,
        userType: "coach",
      },
      { ...base, tokenIdentifier: "local|maya", email: "maya@example.com", firstName: "Maya", lastName: "Ortiz", role: "client" as const },
    ];
    await seedDemo(t, accounts);
    await seedDemo(t, accounts);
    const maya = await t.withIdentity({ tokenIdentifier: "local|maya" }).query(api.actionItems.list, {});
    const coach = await t.withIdentity({ tokenIdentifier: "local|coach" }).query(api.actionItems.list, {});
    expect(maya).toHaveLength(5);
    expect(coach).toHaveLength(6);
    expect(maya.filter((item) => item.overdue)).toHaveLength(1);
    expect(new Set(maya.map((item) => item.commitmentType))).toEqual(new Set(["user_commitment", "coach_commitment", "mutual_agreement"]));
    expect(new Set(maya.map((item) => item.status))).toEqual(new Set(["pending", "in_progress", "completed"]));
    expect(maya.every((item) => item.session.status === "completed")).toBe(true);
  });

  it("puts a transcript on Maya's latest session once, and its suggestions wait for review", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const base = { userType: "client", tier: "control" as const, forumMember: true, memberForDays: 400 };
    const accounts = [
      { ...base, tokenIdentifier: "local|coach", email: "coach@example.com", firstName: "Cora", lastName: "Coach", role: "coach" as const },
      { ...base, tokenIdentifier: "local|maya", email: "maya@example.com", firstName: "Maya", lastName: "Ortiz", role: "client" as const },
    ];
    await seedDemo(t, accounts);
    await seedDemo(t, accounts);
    await runScheduled(t);
    const transcripts = await t.run((ctx) => ctx.db.query("transcripts").collect());
    expect(transcripts).toHaveLength(1);
    const maya = t.withIdentity({ tokenIdentifier: "local|maya" });
    const [latest] = (await maya.query(api.bookings.mine, { scope: "past", paginationOpts: { numItems: 1, cursor: null } })).page;
    expect(transcripts[0]!.sessionId).toBe(latest!._id);
    const { run, proposals } = await maya.query(api.extraction.forSession, { sessionId: latest!._id });
    expect(run).toMatchObject({ status: "succeeded", extractor: "rules" });
    expect(proposals.map((p) => p.transcriptQuote)).toContain("I'll write the outline for the Hartley proposal tomorrow morning.");
  });
});
