import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OPENAI_API, OPENAI_SAMPLE_INPUT, openaiScenarios } from "../tests/mocks/openai";
import { server } from "../tests/mocks/server";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { AGENDA_ADDED_MAX, agendaKeys, CHECK_IN_MAX_CHARS, CHECK_IN_TEXTS, KEY_POINTS_AI_ATTEMPTS } from "./model/agendaRules";
import { formatTimestamp } from "./model/transcripts";
import { sendReminder } from "./model/bookings";
import { REMINDER_OFFSETS_MS } from "./model/notifications";
import { codeOf } from "./test.forum";
import { HOUR, insertActionItem, insertSession, notificationsOf } from "./test.sessions";
import { newConvexTest } from "./test.setup";
import { signedIn } from "./test.users";

const DAY = 24 * HOUR;
/** Monday 2 March 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 2, 2, 12);

type Person = Awaited<ReturnType<typeof signedIn>>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

async function setup() {
  const t = newConvexTest();
  const coach = await signedIn(t, "coach", { firstName: "Cora", lastName: "Reyes" });
  const member = await signedIn(t, "client", { firstName: "Maya", lastName: "Ortiz", timezone: "Europe/London" });
  const earlier = await insertSession(t, { memberId: member.id, coachId: coach.id, status: "completed", startsAt: NOW - 7 * DAY });
  const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: NOW + 2 * DAY });
  return { t, coach, member, earlier, sessionId };
}

const TRANSCRIPT = [
  "[00:05] Cora: Hello again, how was the week?",
  "[00:40] Maya: Fine.",
  "[02:10] Maya: I realised the morning planning only works when I write it down before opening email.",
  "[03:30] Cora: That sounds like the key to the whole week.",
  "[12:45] Maya: I decided I'll keep Fridays free of meetings so I can catch up on invoices.",
  "[58:02] Cora: Let's look at the invoices next time.",
].join("\n");

const agendaOf = (person: Person, sessionId: Id<"sessions">) => person.as.query(api.agenda.get, { sessionId });
const texts = async (person: Person, sessionId: Id<"sessions">) => (await agendaOf(person, sessionId)).lines.map((line) => line.text);

describe("check-in", () => {
  it("saves each answer as typed, for the member only, and the coach reads it", async () => {
    const { t, coach, member, sessionId } = await setup();
    await member.as.mutation(api.agenda.saveAnswer, { sessionId, key: "focus", text: "Invoices" });
    await member.as.mutation(api.agenda.saveAnswer, { sessionId, key: "stuck", text: "Morning starts " });
    const seen = await agendaOf(coach, sessionId);
    expect(seen.checkIn).toMatchObject({ focus: "Invoices", stuck: "Morning starts " });
    expect(seen.canCheckIn).toBe(false);
    expect((await agendaOf(member, sessionId)).canCheckIn).toBe(true);

    // An answer cleared to spaces is no answer.
    await member.as.mutation(api.agenda.saveAnswer, { sessionId, key: "stuck", text: "   " });
    expect((await agendaOf(member, sessionId)).checkIn?.stuck).toBeUndefined();

    expect(await codeOf(coach.as.mutation(api.agenda.saveAnswer, { sessionId, key: "focus", text: "Mine now" }))).toBe("CHECK_IN_MEMBER_ONLY");
    expect((await agendaOf(member, sessionId)).checkIn?.focus).toBe("Invoices");
    expect(await t.run((ctx) => ctx.db.query("sessionCheckIns").collect())).toHaveLength(1);
  });

  it("is hidden from people outside the session and refuses long answers and closed sessions, changing nothing", async () => {
    const { t, member, earlier, sessionId } = await setup();
    const stranger = await signedIn(t, "client", { firstName: "Sam" });
    expect(await codeOf(agendaOf(stranger, sessionId))).toBe("SESSION_NOT_FOUND");
    expect(await codeOf(stranger.as.mutation(api.agenda.saveAnswer, { sessionId, key: "focus", text: "Hi" }))).toBe("SESSION_NOT_FOUND");
    expect(await codeOf(member.as.mutation(api.agenda.saveAnswer, { sessionId, key: "focus", text: "x".repeat(CHECK_IN_MAX_CHARS + 1) }))).toBe(
      "INVALID_INPUT",
    );
    expect(await codeOf(member.as.mutation(api.agenda.saveAnswer, { sessionId: earlier, key: "focus", text: "Late" }))).toBe("CHECK_IN_CLOSED");
    expect(await t.run((ctx) => ctx.db.query("sessionCheckIns").collect())).toEqual([]);
  });

  it("is asked for with the day-before reminder, in the notification and the e-mail", async () => {
    const { t, member, sessionId } = await setup();
    const startsAt = NOW + 2 * DAY;
    const email = await t.run((ctx) => sendReminder(ctx, { sessionId, offsetMs: REMINDER_OFFSETS_MS[0], startsAt }, NOW, "https://lwcc.test"));
    expect(email?.text).toContain(`${CHECK_IN_TEXTS.invite} https://lwcc.test/session/${sessionId}#check-in`);
    await t.run((ctx) => sendReminder(ctx, { sessionId, offsetMs: REMINDER_OFFSETS_MS[1], startsAt }, NOW, "https://lwcc.test"));
    const [dayBefore, hourBefore] = await notificationsOf(t, member.id);
    expect(dayBefore!.actions[0]).toEqual({ label: CHECK_IN_TEXTS.inviteAction, url: `/session/${sessionId}#check-in` });
    expect(dayBefore!.message).toContain(CHECK_IN_TEXTS.invite);
    expect(hourBefore!.actions.map((action) => action.label)).toEqual(["Join"]);
  });
});

describe("agenda", () => {
  it("drafts overdue commitments first, then the check-in, then the others by due date, then the last session's quotes with their times", async () => {
    const { t, coach, member, earlier, sessionId } = await setup();
    await insertActionItem(t, earlier, "Book the dentist", { dueDate: "2026-03-20" });
    await insertActionItem(t, earlier, "Send the invoices", { dueDate: "2026-02-27" });
    await insertActionItem(t, earlier, "Call the bank", { dueDate: "2026-03-05" });
    await insertActionItem(t, earlier, "Finished already", { status: "completed", dueDate: "2026-02-01" });
    await insertActionItem(t, earlier, "Coach's private note", { clientVisible: false, dueDate: "2026-03-04" });
    await coach.as.mutation(api.transcripts.upload, { sessionId: earlier, content: TRANSCRIPT, format: "text" });
    await member.as.mutation(api.agenda.saveAnswer, { sessionId, key: "focus", text: "Get Fridays back" });
    await member.as.mutation(api.agenda.saveAnswer, { sessionId, key: "moved", text: "Morning planning stuck for 4 days" });

    const agenda = await agendaOf(member, sessionId);
    expect(agenda.mode).toBe("draft");
    expect(agenda.canEdit).toBe(true);
    expect(agenda.lines.map((line) => [line.source, line.text, line.overdue ?? null, line.timestamp ?? null])).toEqual([
      ["commitment", "Send the invoices", true, null],
      ["check_in", "Get Fridays back", null, null],
      ["check_in", "Morning planning stuck for 4 days", null, null],
      ["commitment", "Call the bank", false, null],
      ["commitment", "Book the dentist", false, null],
      // The three with the strongest signs of an insight, a decision or a plan, in the order spoken.
      ["key_point", "I realised the morning planning only works when I write it down before opening email.", null, "02:10"],
      ["key_point", "I decided I'll keep Fridays free of meetings so I can catch up on invoices.", null, "12:45"],
      ["key_point", "Let's look at the invoices next time.", null, "58:02"],
    ]);
    // The coach also sees the item only coaches see; nothing was written by reading.
    expect(await texts(coach, sessionId)).toContain("Coach's private note");
    expect(await t.run((ctx) => ctx.db.query("agendaItems").collect())).toEqual([]);
  });

  it("keeps the draft at the first change; coach and member edit at once and both edits stay", async () => {
    const { t, coach, member, earlier, sessionId } = await setup();
    await insertActionItem(t, earlier, "First", { dueDate: "2026-03-03" });
    await insertActionItem(t, earlier, "Second", { dueDate: "2026-03-04" });
    await insertActionItem(t, earlier, "Third", { dueDate: "2026-03-05" });
    const keys = (await agendaOf(member, sessionId)).lines.map((line) => line.key);

    await Promise.all([
      member.as.mutation(api.agenda.move, { sessionId, key: keys[2]!, direction: "up" }),
      coach.as.mutation(api.agenda.setDone, { sessionId, key: keys[0]!, done: true }),
      coach.as.mutation(api.agenda.add, { sessionId, text: "Plan the holiday week" }),
    ]);
    const forMember = await agendaOf(member, sessionId);
    expect(forMember.mode).toBe("live");
    expect(forMember.lines.map((line) => [line.text, line.done])).toEqual([
      ["First", true],
      ["Third", false],
      ["Second", false],
      ["Plan the holiday week", false],
    ]);
    expect((await agendaOf(coach, sessionId)).lines).toEqual(forMember.lines);
    // Each line is kept once, whoever kept the draft first.
    expect(await t.run((ctx) => ctx.db.query("agendaItems").collect())).toHaveLength(4);

    // A commitment made after the first change joins at the end, and a later check-in answer too.
    await insertActionItem(t, earlier, "Fourth", { dueDate: "2026-03-06" });
    await member.as.mutation(api.agenda.saveAnswer, { sessionId, key: "stuck", text: "Email" });
    expect((await texts(member, sessionId)).slice(-2)).toEqual(["Email", "Fourth"]);
  });

  it("moves a line between neighbours too close to split by numbering the agenda afresh", async () => {
    const { t, member, earlier, sessionId } = await setup();
    await insertActionItem(t, earlier, "A", { dueDate: "2026-03-03" });
    await insertActionItem(t, earlier, "B", { dueDate: "2026-03-04" });
    await insertActionItem(t, earlier, "C", { dueDate: "2026-03-05" });
    const [a, , c] = (await agendaOf(member, sessionId)).lines.map((line) => line.key);
    await member.as.mutation(api.agenda.setDone, { sessionId, key: a!, done: true });
    // After many moves between the same two lines, their positions sit a hair apart.
    await t.run(async (ctx) => {
      const rows = await ctx.db.query("agendaItems").collect();
      for (const [index, row] of rows.entries()) await ctx.db.patch("agendaItems", row._id, { position: 1 + index * 1e-9 });
    });
    await member.as.mutation(api.agenda.move, { sessionId, key: c!, direction: "up" });
    expect(await texts(member, sessionId)).toEqual(["A", "C", "B"]);
    const positions = await t.run(async (ctx) => (await ctx.db.query("agendaItems").collect()).map((row) => row.position));
    expect(new Set(positions).size).toBe(3);
    // The first line cannot go higher, nor the last lower: nothing changes.
    await member.as.mutation(api.agenda.move, { sessionId, key: a!, direction: "up" });
    await member.as.mutation(api.agenda.move, { sessionId, key: (await agendaOf(member, sessionId)).lines[2]!.key, direction: "down" });
    expect(await texts(member, sessionId)).toEqual(["A", "C", "B"]);
  });

  it("moves a line past the lines its mover sees, whatever only the other side sees between them", async () => {
    const { t, coach, member, earlier, sessionId } = await setup();
    await insertActionItem(t, earlier, "A", { dueDate: "2026-03-03" });
    await insertActionItem(t, earlier, "Coach's note", { dueDate: "2026-03-04", clientVisible: false });
    await insertActionItem(t, earlier, "B", { dueDate: "2026-03-05" });
    const key = (await agendaOf(coach, sessionId)).lines[2]!.key;
    await coach.as.mutation(api.agenda.setDone, { sessionId, key: (await agendaOf(coach, sessionId)).lines[1]!.key, done: true });
    expect(await texts(member, sessionId)).toEqual(["A", "B"]);
    await member.as.mutation(api.agenda.move, { sessionId, key, direction: "up" });
    expect(await texts(member, sessionId)).toEqual(["B", "A"]);
    expect((await texts(coach, sessionId)).indexOf("B")).toBeLessThan((await texts(coach, sessionId)).indexOf("A"));
  });

  it("is changed only by the session's coach and member, with bounded input, and removes only added lines", async () => {
    const { t, coach, member, sessionId } = await setup();
    const otherCoach = await signedIn(t, "coach", { firstName: "Olu" });
    const admin = await signedIn(t, "admin", { firstName: "Ada" });
    // Another coach may read the session's agenda, not change it.
    expect((await agendaOf(otherCoach, sessionId)).canEdit).toBe(false);
    expect(await codeOf(otherCoach.as.mutation(api.agenda.add, { sessionId, text: "Mine" }))).toBe("AGENDA_NOT_YOURS");
    expect(await codeOf(member.as.mutation(api.agenda.add, { sessionId, text: "   " }))).toBe("INVALID_INPUT");
    expect(await codeOf(member.as.mutation(api.agenda.add, { sessionId, text: "x".repeat(201) }))).toBe("INVALID_INPUT");
    expect(await codeOf(member.as.mutation(api.agenda.setDone, { sessionId, key: "commitment:nope", done: true }))).toBe("AGENDA_ITEM_NOT_FOUND");
    expect(await codeOf(member.as.mutation(api.agenda.move, { sessionId, key: "a b", direction: "up" }))).toBe("INVALID_INPUT");

    const key = await admin.as.mutation(api.agenda.add, { sessionId, text: "From the admin" });
    expect(await texts(member, sessionId)).toEqual(["From the admin"]);
    await member.as.mutation(api.agenda.remove, { sessionId, key });
    expect(await texts(coach, sessionId)).toEqual([]);
    expect(await codeOf(member.as.mutation(api.agenda.remove, { sessionId, key }))).toBe("AGENDA_ITEM_NOT_FOUND");

    for (let i = 0; i < AGENDA_ADDED_MAX; i++) await member.as.mutation(api.agenda.add, { sessionId, text: `Item ${i}` });
    expect(await codeOf(member.as.mutation(api.agenda.add, { sessionId, text: "One more" }))).toBe("AGENDA_FULL");
    expect(await texts(member, sessionId)).toHaveLength(AGENDA_ADDED_MAX);
  });

  it("becomes the session's notes when it is completed: kept as it stood, no longer changed", async () => {
    const { t, coach, member, earlier, sessionId } = await setup();
    await insertActionItem(t, earlier, "Send the invoices", { dueDate: "2026-03-10" });
    await member.as.mutation(api.agenda.saveAnswer, { sessionId, key: "focus", text: "Invoices" });
    vi.setSystemTime(NOW + 2 * DAY + HOUR);
    await coach.as.mutation(api.sessions.complete, { sessionId });

    const notes = await agendaOf(member, sessionId);
    expect(notes.mode).toBe("notes");
    expect(notes.canEdit).toBe(false);
    expect(notes.lines.map((line) => line.text)).toEqual(["Invoices", "Send the invoices"]);
    expect(await codeOf(member.as.mutation(api.agenda.add, { sessionId, text: "Late" }))).toBe("AGENDA_CLOSED");
    expect(await codeOf(member.as.mutation(api.agenda.saveAnswer, { sessionId, key: "focus", text: "Changed" }))).toBe("CHECK_IN_CLOSED");
    // A commitment renamed later does not rewrite the notes.
    await t.run(async (ctx) => {
      const [item] = await ctx.db.query("actionItems").collect();
      await ctx.db.patch("actionItems", item!._id, { title: "Renamed" });
    });
    expect(await texts(coach, sessionId)).toEqual(["Invoices", "Send the invoices"]);
    expect(notes.lines.find((line) => line.source === "check_in")?.key).toBe(agendaKeys.checkIn("focus"));
  });
});

describe("key points read by OpenAI", () => {
  const SAMPLE = OPENAI_SAMPLE_INPUT.segments.map((segment) => `[${formatTimestamp(segment.startSeconds)}] ${segment.speaker}: ${segment.text}`).join("\n");

  async function uploadSample() {
    const { t, coach, member, earlier, sessionId } = await setup();
    vi.stubEnv("OPENAI_API_KEY", "sk-test-123");
    const transcriptId = await coach.as.mutation(api.transcripts.upload, { sessionId: earlier, content: SAMPLE, format: "text" });
    const byRules = (await t.run((ctx) => ctx.db.get("transcripts", transcriptId)))!.keyPoints;
    await t.finishAllScheduledFunctions(vi.runAllTimers);
    const transcript = (await t.run((ctx) => ctx.db.get("transcripts", transcriptId)))!;
    return { t, member, sessionId, byRules, transcript };
  }
  afterEach(() => vi.unstubAllEnvs());

  it("replace the rules' ones once the model answers, each quote checked against the transcript", async () => {
    const { member, sessionId, byRules, transcript } = await uploadSample();
    expect(byRules?.length).toBeGreaterThan(0);
    expect(transcript.keyPointsBy).toBe("openai");
    expect(transcript.keyPoints).toEqual([
      { quote: "So the first step is really gathering the hours, not writing the invoice.", startSeconds: 62 },
      { quote: "I'll send the invoice to Dana by Friday.", startSeconds: 82 },
    ]);
    const quotes = (await agendaOf(member, sessionId)).lines.filter((line) => line.source === "key_point");
    expect(quotes.map((line) => [line.text, line.timestamp])).toEqual([
      ["So the first step is really gathering the hours, not writing the invoice.", "01:02"],
      ["I'll send the invoice to Dana by Friday.", "01:22"],
    ]);
  });

  it("keep the rules' ones when the model's quotes are not in the transcript", async () => {
    server.use(openaiScenarios.paraphrasedKeyPoints());
    const { byRules, transcript } = await uploadSample();
    expect(transcript.keyPointsBy).toBe("rules");
    expect(transcript.keyPoints).toEqual(byRules);
  });

  it("are tried again while OpenAI is down, and the rules' ones stay after the last try", async () => {
    const calls: string[] = [];
    server.use(
      http.post(`${OPENAI_API}/chat/completions`, async ({ request }) => {
        const body = (await request.clone().json()) as { response_format?: { json_schema?: { name?: string } } };
        if (body.response_format?.json_schema?.name !== "session_key_points") return undefined;
        calls.push("call");
        return HttpResponse.json({ error: { message: "The server had an error", type: "server_error", param: null, code: null } }, { status: 500 });
      }),
    );
    const { byRules, transcript } = await uploadSample();
    expect(calls).toHaveLength(KEY_POINTS_AI_ATTEMPTS);
    expect(transcript.keyPoints).toEqual(byRules);
  });
});
