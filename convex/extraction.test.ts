import type { WorkId } from "@convex-dev/workpool";
import "@date-fns/tz";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatCompletion, OPENAI_API, OPENAI_SAMPLE_COMMITMENTS, OPENAI_SAMPLE_INPUT, openaiScenarios } from "../tests/mocks/openai";
import { server } from "../tests/mocks/server";
import { http, HttpResponse } from "msw";
import { api, internal } from "./_generated/api";
import type { Doc, Id } from "./_generated/dataModel";
import { EXTRACTION_BACKOFF_MS, EXTRACTION_MAX_ATTEMPTS, EXTRACTION_STALE_MS } from "./model/extractionPipeline";
import { formatTimestamp } from "./model/transcripts";
import type { UserError } from "./model/messages";
import { insertSession, notificationsOf } from "./test.sessions";
import { newConvexTest, runScheduled } from "./test.setup";
import { signedIn, type T } from "./test.users";

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ConvexError) return (error.data as UserError).code;
    throw error;
  }
  return undefined;
};

export const TRANSCRIPT = [
  "[00:05] Coach Jordan: How did the week go, Maya?",
  "[00:40] Maya: I finally sent the proposal last Tuesday.",
  "[02:10] Maya: This week I'll call the accountant about the quarterly taxes by Friday.",
  "[03:30] Coach Jordan: I will send you the focus-block template tomorrow.",
  "[05:02] Maya: I might try a morning walk before work.",
  "[06:15] Coach Jordan: Great, I'll see you next week.",
].join("\n");

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

async function setup() {
  vi.useFakeTimers();
  // A Friday, so "by Friday" in the transcript means the next one.
  vi.setSystemTime(new Date("2026-11-20T16:00:00Z"));
  const t = newConvexTest();
  const coach = await signedIn(t, "coach", { firstName: "Jordan", lastName: "Lee" });
  const member = await signedIn(t, "client", { firstName: "Maya", lastName: "Ortiz", timezone: "America/New_York" });
  const sessionId = await insertSession(t, { memberId: member.id, coachId: coach.id, startsAt: Date.now() - 60 * 60 * 1000 });
  return { t, coach, member, sessionId };
}

async function upload(t: T, as: Awaited<ReturnType<typeof setup>>["coach"], sessionId: Id<"sessions">, content = TRANSCRIPT) {
  const transcriptId = await as.as.mutation(api.transcripts.upload, { sessionId, content, format: "text" });
  await runScheduled(t);
  return transcriptId;
}

type Setup = Awaited<ReturnType<typeof setup>>;
type RunFields = Pick<Doc<"extractionRuns">, "status" | "extractor" | "lastError" | "updatedAt">;

/** A run left in some state by an earlier attempt, for the session's uploaded transcript. */
function insertRun({ t, coach, member, sessionId }: Setup, transcriptId: Id<"transcripts">, fields: Partial<RunFields> & Pick<RunFields, "status">) {
  const now = Date.now();
  return t.run((ctx) =>
    ctx.db.insert("extractionRuns", {
      transcriptId,
      sessionId,
      memberId: member.id,
      coachId: coach.id,
      extractor: "openai",
      attempts: 1,
      createdAt: fields.updatedAt ?? now,
      updatedAt: now,
      ...fields,
    }),
  );
}

describe("extraction with the offline rules", () => {
  it("proposes grounded commitments when a transcript is saved, for the coach and the member to see", async () => {
    const { t, coach, member, sessionId } = await setup();
    const transcriptId = await upload(t, coach, sessionId);
    const { run, proposals } = await coach.as.query(api.extraction.forSession, { sessionId });
    expect(run).toMatchObject({ transcriptId, status: "succeeded", extractor: "rules", attempts: 1 });
    expect(proposals.length).toBeGreaterThan(0);
    expect(run!.proposalCount).toBe(proposals.length);
    const text = (await t.run((ctx) => ctx.db.get("transcripts", transcriptId)))!.text;
    for (const proposal of proposals) {
      expect(text).toContain(proposal.transcriptQuote);
      expect(proposal.transcriptTimestamp).toMatch(/^\d{1,2}:\d{2}$/);
    }
    const taxes = proposals.find((p) => p.transcriptQuote.includes("accountant"));
    expect(taxes).toMatchObject({
      commitmentType: "user_commitment",
      responsibleParty: "client",
      transcriptTimestamp: "02:10",
      status: "proposed",
    });
    expect(proposals.find((p) => p.transcriptQuote.includes("I might"))?.tentative).toBe(true);
    expect(proposals.some((p) => p.transcriptQuote.includes("see you next week"))).toBe(false);
    expect((await member.as.query(api.extraction.forSession, { sessionId })).proposals).toHaveLength(proposals.length);

    const stranger = await signedIn(t, "client");
    expect(await codeOf(stranger.as.query(api.extraction.forSession, { sessionId }))).toBe("SESSION_NOT_FOUND");
  });

  it("turns an accepted proposal into an action item with its evidence, and tells the member", async () => {
    const { t, coach, member, sessionId } = await setup();
    await upload(t, coach, sessionId);
    const { proposals } = await coach.as.query(api.extraction.forSession, { sessionId });
    const taxes = proposals.find((p) => p.transcriptQuote.includes("accountant"))!;
    const itemId = await coach.as.mutation(api.extraction.accept, { proposalId: taxes._id, edits: { priority: "high" } });
    const item = await member.as.query(api.actionItems.get, { id: itemId });
    expect(item).toMatchObject({
      title: taxes.title,
      sessionId,
      responsibleUserId: member.id,
      commitmentType: "user_commitment",
      priority: "high",
      status: "pending",
      transcriptQuote: taxes.transcriptQuote,
      transcriptTimestamp: "02:10",
      extractionConfidence: taxes.confidence,
    });
    const notes = await notificationsOf(t, member.id);
    expect(notes.map((n) => n.title)).toContain("New action item");
    const left = await member.as.query(api.extraction.forSession, { sessionId });
    expect(left.proposals.map((p) => p._id)).not.toContain(taxes._id);
    expect(await codeOf(member.as.mutation(api.extraction.accept, { proposalId: taxes._id }))).toBe("PROPOSAL_DECIDED");
  });

  it("lets the member dismiss a proposal, and keeps strangers out", async () => {
    const { t, coach, member, sessionId } = await setup();
    await upload(t, coach, sessionId);
    const [first] = (await member.as.query(api.extraction.forSession, { sessionId })).proposals;
    const stranger = await signedIn(t, "client");
    expect(await codeOf(stranger.as.mutation(api.extraction.dismiss, { proposalId: first!._id }))).toBe("PROPOSAL_NOT_FOUND");
    await member.as.mutation(api.extraction.dismiss, { proposalId: first!._id });
    expect(await t.run((ctx) => ctx.db.get("actionItemProposals", first!._id))).toMatchObject({
      status: "dismissed",
      decidedBy: member.id,
    });
    expect(await t.run((ctx) => ctx.db.query("actionItems").collect())).toEqual([]);
  });

  it("fails the run visibly, rather than leaving it waiting, when its transcript is gone before it starts", async () => {
    const { t, coach, sessionId } = await setup();
    const transcriptId = await coach.as.mutation(api.transcripts.upload, { sessionId, content: TRANSCRIPT, format: "text" });
    await t.run((ctx) => ctx.db.delete("transcripts", transcriptId));
    await runScheduled(t);
    const { run, proposals } = await coach.as.query(api.extraction.forSession, { sessionId });
    expect(run).toMatchObject({ status: "failed", attempts: 0, lastError: "The transcript or its session no longer exists." });
    expect(proposals).toEqual([]);
  });

  it("sets aside undecided proposals when a corrected transcript replaces the old one", async () => {
    const { t, coach, sessionId } = await setup();
    await upload(t, coach, sessionId);
    const before = (await coach.as.query(api.extraction.forSession, { sessionId })).proposals;
    await upload(t, coach, sessionId, "[00:10] Maya: I'll book the dentist appointment today.");
    const after = (await coach.as.query(api.extraction.forSession, { sessionId })).proposals;
    expect(after.map((p) => p.transcriptQuote)).toEqual(["I'll book the dentist appointment today."]);
    for (const old of before) expect((await t.run((ctx) => ctx.db.get("actionItemProposals", old._id)))!.status).toBe("dismissed");
  });
});

/** The recorded OpenAI sample as an uploaded transcript, so the recorded answer's quotes are in it. */
const SAMPLE_TRANSCRIPT = OPENAI_SAMPLE_INPUT.segments
  .map((s) => `[${formatTimestamp(s.startSeconds)}] ${s.speaker}: ${s.text}`)
  .join("\n");

const COMPLETIONS = `${OPENAI_API}/chat/completions`;

/** Whether a request asks for commitments (an upload also asks for the agenda's key points). */
async function asksForCommitments(request: Request): Promise<boolean> {
  const body = (await request.clone().json()) as { response_format?: { json_schema?: { name?: string } } };
  return body.response_format?.json_schema?.name === "session_commitments";
}

/** `scenario` for the requests for commitments only; the agenda's key points are answered as usual. */
function forCommitments(scenario: ReturnType<typeof http.post>) {
  return http.post(COMPLETIONS, async (info) => ((await asksForCommitments(info.request)) ? (await scenario.run(info))?.response : undefined));
}

/** When each request to OpenAI for commitments was sent (fake time), then lets the other handlers answer. */
function recordRequestTimes(): number[] {
  const sentAt: number[] = [];
  server.use(
    http.post(COMPLETIONS, async ({ request }) => {
      if (await asksForCommitments(request)) sentAt.push(Date.now());
    }),
  );
  return sentAt;
}

/**
 * The waits between the attempts sent at `sentAt` are the nominal backoff times `jitter`: the pool
 * starts due work on its 100 ms segments and 200 ms polls, so an attempt starts up to a second
 * late, and a wait after a late attempt is up to a poll shorter.
 */
function expectWaits(sentAt: number[], jitter: number) {
  const waits = sentAt.slice(1).map((time, i) => time - sentAt[i]!);
  expect(waits).toHaveLength(EXTRACTION_MAX_ATTEMPTS - 1);
  waits.forEach((wait, i) => {
    const nominal = EXTRACTION_BACKOFF_MS[i]! * jitter;
    expect(wait).toBeGreaterThanOrEqual(nominal - 200);
    expect(wait).toBeLessThan(nominal + 1_000);
  });
}

describe("extraction with OpenAI (OPENAI_API_KEY set)", () => {
  it("stores the structured answer's proposals and discards one whose quote is not in the transcript", async () => {
    const { t, coach, sessionId } = await setup();
    vi.stubEnv("OPENAI_API_KEY", "sk-test-lwcc");
    const invented = {
      ...OPENAI_SAMPLE_COMMITMENTS[0]!,
      title: "Hire an assistant",
      transcriptQuote: "I'll hire an assistant next month.",
    };
    server.use(
      http.post(COMPLETIONS, () =>
        HttpResponse.json(chatCompletion({ content: JSON.stringify({ commitments: [...OPENAI_SAMPLE_COMMITMENTS, invented] }) })),
      ),
    );
    await upload(t, coach, sessionId, SAMPLE_TRANSCRIPT);
    const { run, proposals } = await coach.as.query(api.extraction.forSession, { sessionId });
    expect(run).toMatchObject({ status: "succeeded", extractor: "openai", proposalCount: 4, discardedCount: 1 });
    expect(proposals.map((p) => [p.title, p.transcriptTimestamp, p.confidence, p.tentative, p.dueDate])).toEqual(
      OPENAI_SAMPLE_COMMITMENTS.map((p) => [p.title, p.transcriptTimestamp, p.confidence, p.tentative, p.dueDate]),
    );
  });

  it("fails at once on a refusal, with OpenAI's words, does not retry, and tells the coach", async () => {
    const { t, coach, sessionId } = await setup();
    vi.stubEnv("OPENAI_API_KEY", "sk-test-lwcc");
    server.use(openaiScenarios.refusal("I can't help with that."));
    const sentAt = recordRequestTimes();
    await upload(t, coach, sessionId, SAMPLE_TRANSCRIPT);
    const { run, proposals } = await coach.as.query(api.extraction.forSession, { sessionId });
    expect(run).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "OpenAI declined to read this transcript: I can't help with that.",
    });
    expect(sentAt).toHaveLength(1);
    expect(proposals).toEqual([]);
    expect((await notificationsOf(t, coach.id)).map((a) => a.title)).toContain("Action items need a hand");
  });

  it("stops at the first permanent error, even after a retryable one", async () => {
    const { t, coach, sessionId } = await setup();
    vi.stubEnv("OPENAI_API_KEY", "sk-test-lwcc");
    // An outage first, then the quota runs out: the second attempt is the last.
    let calls = 0;
    const outage = openaiScenarios.serverError();
    const quota = openaiScenarios.quotaExceeded();
    server.use(
      http.post(COMPLETIONS, async (info) => {
        if (!(await asksForCommitments(info.request))) return undefined;
        return (calls++ === 0 ? outage : quota).run(info).then((answer) => answer?.response);
      }),
    );
    const sentAt = recordRequestTimes();
    await upload(t, coach, sessionId, SAMPLE_TRANSCRIPT);
    const { run } = await coach.as.query(api.extraction.forSession, { sessionId });
    expect(run).toMatchObject({
      status: "failed",
      attempts: 2,
      lastError: "OpenAI answered 429: You exceeded your current quota, please check your plan and billing details.",
    });
    expect(sentAt).toHaveLength(2);
  });

  it(`retries a malformed answer ${EXTRACTION_MAX_ATTEMPTS} times with backoff, then records the failure and tells the coach`, async () => {
    const { t, coach, sessionId } = await setup();
    vi.stubEnv("OPENAI_API_KEY", "sk-test-lwcc");
    // The pool's jitter factor is 0.5 + Math.random(): exactly 1 here, so the waits are the nominal ones.
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    server.use(forCommitments(openaiScenarios.invalidJson()));
    const sentAt = recordRequestTimes();
    await upload(t, coach, sessionId, SAMPLE_TRANSCRIPT);
    expectWaits(sentAt, 1);
    const { run } = await coach.as.query(api.extraction.forSession, { sessionId });
    expect(run).toMatchObject({ status: "failed", attempts: EXTRACTION_MAX_ATTEMPTS, extractor: "openai" });
    expect(run!.lastError).toBe("OpenAI's answer is not valid JSON.");
    const alerts = await notificationsOf(t, coach.id);
    expect(alerts.map((a) => [a.type, a.title])).toContainEqual(["system_alert", "Action items need a hand"]);

    // The coach tries again once OpenAI answers properly.
    server.resetHandlers();
    const again = await coach.as.mutation(api.extraction.retry, { runId: run!._id });
    await runScheduled(t);
    expect((await coach.as.query(api.extraction.forSession, { sessionId })).run).toMatchObject({
      _id: again,
      status: "succeeded",
      proposalCount: 4,
    });
    expect(await codeOf(coach.as.mutation(api.extraction.retry, { runId: again }))).toBe("EXTRACTION_NOT_FAILED");
  });

  it("keeps the waits between attempts within the pool's jitter of 30 s and 2 min", async () => {
    for (const random of [0, 0.999]) {
      const { t, coach, sessionId } = await setup();
      vi.stubEnv("OPENAI_API_KEY", "sk-test-lwcc");
      vi.spyOn(Math, "random").mockReturnValue(random);
      server.use(forCommitments(openaiScenarios.serverError()));
      const sentAt = recordRequestTimes();
      await upload(t, coach, sessionId, SAMPLE_TRANSCRIPT);
      expectWaits(sentAt, 0.5 + random);
      server.resetHandlers();
    }
  });

  it("succeeds on a later attempt after a passing failure, with the earlier error cleared", async () => {
    const { t, coach, sessionId } = await setup();
    vi.stubEnv("OPENAI_API_KEY", "sk-test-lwcc");
    server.use(forCommitments(openaiScenarios.rateLimited()));
    await coach.as.mutation(api.transcripts.upload, { sessionId, content: SAMPLE_TRANSCRIPT, format: "text" });
    // Run the first attempt only: the retry waits on a timer.
    await vi.advanceTimersByTimeAsync(1_000);
    await t.finishInProgressScheduledFunctions();
    const waiting = (await coach.as.query(api.extraction.forSession, { sessionId })).run;
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting!.lastError).toMatch(/^OpenAI answered 429: Rate limit reached/);

    server.resetHandlers();
    await runScheduled(t);
    const { run } = await coach.as.query(api.extraction.forSession, { sessionId });
    expect(run).toMatchObject({ status: "succeeded", attempts: 2, proposalCount: 4 });
    expect(run!.lastError).toBeUndefined();
  });

  it("lets the coach restart a run that stopped answering, but not one still within its time", async () => {
    const given = await setup();
    const { t, coach, sessionId } = given;
    const transcriptId = await upload(t, coach, sessionId);
    const stuck = (updatedAt: number) => insertRun(given, transcriptId, { status: "running", updatedAt });
    const recent = await stuck(Date.now() - 60_000);
    expect(await codeOf(coach.as.mutation(api.extraction.retry, { runId: recent }))).toBe("EXTRACTION_NOT_FAILED");
    const stale = await stuck(Date.now() - EXTRACTION_STALE_MS - 1);
    const again = await coach.as.mutation(api.extraction.retry, { runId: stale });
    expect((await t.run((ctx) => ctx.db.get("extractionRuns", stale)))!.status).toBe("failed");
    await runScheduled(t);
    expect((await coach.as.query(api.extraction.forSession, { sessionId })).run).toMatchObject({ _id: again, status: "succeeded" });
  });

  it("closes a run the pool gave up on, in the attempt's words when it recorded them, else the pool's", async () => {
    const given = await setup();
    const { t, coach, sessionId } = given;
    const transcriptId = await upload(t, coach, sessionId);
    const runIn = (status: "queued" | "running" | "succeeded", lastError?: string) =>
      insertRun(given, transcriptId, { status, ...(lastError ? { lastError } : {}) });
    const giveUp = (runId: Id<"extractionRuns">, error: string) =>
      t.mutation(internal.extraction.finish, { workId: "work-1" as WorkId, context: { runId }, result: { kind: "failed", error } });
    const runOf = async (runId: Id<"extractionRuns">) => (await t.run((ctx) => ctx.db.get("extractionRuns", runId)))!;

    // Waiting after a failed attempt: that attempt's own words stand.
    const waiting = await runIn("queued", "OpenAI answered 500: Down");
    await giveUp(waiting, "Uncaught Error: OpenAI answered 500: Down\n    at handler");
    expect(await runOf(waiting)).toMatchObject({ status: "failed", lastError: "OpenAI answered 500: Down" });
    // Cut off mid-attempt (an action past its time limit records nothing): the pool's words.
    const cutOff = await runIn("running");
    await giveUp(cutOff, "Your function timed out.");
    expect(await runOf(cutOff)).toMatchObject({ status: "failed", lastError: "Your function timed out." });
    // Already closed: left alone, and nobody is told twice.
    const done = await runIn("succeeded");
    await giveUp(done, "late");
    expect(await runOf(done)).toMatchObject({ status: "succeeded" });
    expect((await notificationsOf(t, coach.id)).filter((n) => n.title === "Action items need a hand")).toHaveLength(2);
  });

  it("tries again a run whose last attempt was cut off before it could record anything", async () => {
    const given = await setup();
    const { t, coach, sessionId } = given;
    const transcriptId = await upload(t, coach, sessionId);
    const cutOff = await insertRun(given, transcriptId, { status: "running", extractor: "rules" });
    const answer = await t.action(internal.extraction.run, { runId: cutOff });
    expect(answer?.proposals.length).toBeGreaterThan(0);
    expect(await t.run((ctx) => ctx.db.get("extractionRuns", cutOff))).toMatchObject({ status: "running", attempts: 2 });
    // A closed run is not picked up again.
    await t.run((ctx) => ctx.db.patch("extractionRuns", cutOff, { status: "failed" }));
    expect(await t.action(internal.extraction.run, { runId: cutOff })).toBeNull();
  });
});
