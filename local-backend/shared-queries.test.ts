/**
 * Pass-through queries share their nested query's runs between callers: many members watching
 * one page cost one run per change, while each member's own reads (their members row) are still
 * watched for them alone.
 */
import type { UserIdentity } from "convex/server";
import { afterEach, describe, expect, it } from "vitest";
import type { CommitEvent } from "./engine/convex-test-internals";
import { Engine } from "./engine/engine";
import { LiveQueries, type LiveQuery, type SharedOutcome } from "./live-queries";
import { FIXTURE } from "./test/helpers";

let namespaces = 0;
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.close();
});

async function setUp() {
  const holder: { live?: LiveQueries } = {};
  const engine = await Engine.load({
    functionsDir: FIXTURE,
    namespace: `shared-queries-test-${namespaces++}`,
    onCommit: (event: CommitEvent) => holder.live?.onCommit(event),
    onSchedule: () => {},
  });
  engines.push(engine);
  const live = (holder.live = new LiveQueries(engine));
  const runs: string[] = [];
  const runQuery = engine.runQuery.bind(engine);
  engine.runQuery = (...args: Parameters<Engine["runQuery"]>) => (runs.push(args[0]), runQuery(...args));
  const mutate = async (udfPath: string, args: Record<string, unknown>) => {
    const outcome = await engine.run("mutation", udfPath, args as never, null);
    if (!outcome.ok) throw new Error(outcome.message);
  };
  return { engine, live, runs, mutate };
}

const identity = (subject: string): UserIdentity => ({ tokenIdentifier: `test|${subject}`, subject, issuer: "test" });

/** A subscriber that notes when its entry changed, as a session does. */
function subscriber() {
  const seen = new Set<LiveQuery>();
  return { seen, invalidated: (entry: LiveQuery) => void seen.add(entry) };
}

function value(outcome: SharedOutcome) {
  if (!outcome.outcome.ok) throw new Error(outcome.outcome.message);
  return outcome.outcome.value;
}

describe("shared pass-through queries", () => {
  it("re-runs the nested query once for every member of one standing, and each gets its result", async () => {
    const { live, runs, mutate } = await setUp();
    const members = ["ana", "bo", "cy", "di", "ed"];
    for (const subject of members) await mutate("shared:setMember", { subject, staff: false, active: true });
    await mutate("messages:send", { author: "host", body: "welcome" });
    const watcher = subscriber();
    const entries = members.map((subject) => live.acquire(watcher, "shared:messages", { author: "host" }, identity(subject), null));
    for (const entry of entries) expect(value(await live.outcome(entry))).toEqual(["welcome"]);
    expect(runs.filter((run) => run === "shared:messages")).toHaveLength(members.length);

    runs.length = 0;
    watcher.seen.clear();
    await mutate("messages:send", { author: "host", body: "second" });
    expect(watcher.seen.size).toBe(members.length);
    const outcomes = await Promise.all(entries.map((entry) => live.outcome(entry)));
    expect(runs).toEqual(["shared:messagesFor"]);
    for (const outcome of outcomes) expect(value(outcome)).toEqual(["welcome", "second"]);
    // One result, serialized once, for every member.
    expect(new Set(outcomes.map((outcome) => outcome.wire)).size).toBe(1);

    // A write the page does not read re-runs nothing.
    runs.length = 0;
    watcher.seen.clear();
    await mutate("messages:send", { author: "someone else", body: "elsewhere" });
    expect(watcher.seen.size).toBe(0);
  });

  it("re-runs in full only the member whose own row changed, who then gets the error at once", async () => {
    const { live, runs, mutate } = await setUp();
    for (const subject of ["ana", "bo", "cy"]) await mutate("shared:setMember", { subject, staff: false, active: true });
    await mutate("messages:send", { author: "host", body: "welcome" });
    const watchers = ["ana", "bo", "cy"].map(() => subscriber());
    const entries = ["ana", "bo", "cy"].map((subject, i) => live.acquire(watchers[i]!, "shared:messages", { author: "host" }, identity(subject), null));
    for (const entry of entries) await live.outcome(entry);
    // Linked now: a change to the page is one nested run.
    await mutate("messages:send", { author: "host", body: "second" });
    await Promise.all(entries.map((entry) => live.outcome(entry)));

    runs.length = 0;
    for (const watcher of watchers) watcher.seen.clear();
    await mutate("shared:setMember", { subject: "bo", staff: false, active: false });
    expect(watchers.map((watcher) => watcher.seen.size)).toEqual([0, 1, 0]);
    const failed = await live.outcome(entries[1]!);
    expect(runs).toEqual(["shared:messages"]);
    expect(failed.outcome).toMatchObject({ ok: false, data: { code: "ACCOUNT_DEACTIVATED" } });

    // The others still share one run; the deactivated member gets nothing new.
    runs.length = 0;
    await mutate("messages:send", { author: "host", body: "third" });
    const [ana, bo, cy] = await Promise.all(entries.map((entry) => live.outcome(entry)));
    expect(runs).toEqual(["shared:messagesFor"]);
    expect(value(ana!)).toEqual(["welcome", "second", "third"]);
    expect(value(cy!)).toEqual(["welcome", "second", "third"]);
    expect(bo!.outcome.ok).toBe(false);

    // Made staff, a member's page runs in full once and then shares the staff's run.
    runs.length = 0;
    await mutate("shared:setMember", { subject: "cy", staff: true, active: true });
    await mutate("messages:send", { author: "host", body: "hidden: for staff" });
    const [member, , staff] = await Promise.all(entries.map((entry) => live.outcome(entry)));
    expect(value(member!)).toEqual(["welcome", "second", "third"]);
    expect(value(staff!)).toEqual(["welcome", "second", "third", "hidden: for staff"]);
  });

  it("gives staff and members their own results, one run for each standing", async () => {
    const { live, runs, mutate } = await setUp();
    const people = [
      ["ana", false],
      ["bo", false],
      ["coach", true],
      ["admin", true],
    ] as const;
    for (const [subject, staff] of people) await mutate("shared:setMember", { subject, staff, active: true });
    const watcher = subscriber();
    const entries = people.map(([subject]) => live.acquire(watcher, "shared:messages", { author: "host" }, identity(subject), null));
    for (const entry of entries) await live.outcome(entry);

    runs.length = 0;
    await mutate("messages:send", { author: "host", body: "hidden: a moderated post" });
    await mutate("messages:send", { author: "host", body: "a post" });
    const outcomes = await Promise.all(entries.map((entry) => live.outcome(entry)));
    expect(runs.sort()).toEqual(["shared:messagesFor", "shared:messagesFor"]);
    expect(outcomes.map(value)).toEqual([["a post"], ["a post"], ["hidden: a moderated post", "a post"], ["hidden: a moderated post", "a post"]]);
  });

  it("keeps no journal for a nested query's page, as on Convex, and still shares it", async () => {
    const { live, runs, mutate, engine } = await setUp();
    for (const subject of ["ana", "bo"]) await mutate("shared:setMember", { subject, staff: false, active: true });
    await mutate("messages:send", { author: "host", body: "first" });
    await mutate("messages:send", { author: "host", body: "second" });
    const watcher = subscriber();
    const args = { paginationOpts: { numItems: 2, cursor: null } };
    const entries = ["ana", "bo"].map((subject) => live.acquire(watcher, "shared:page", args, identity(subject), null));
    const bodies = (outcome: SharedOutcome) => (value(outcome) as { page: { body: string }[] }).page.map((row) => row.body);
    for (const entry of entries) expect(bodies(await live.outcome(entry))).toEqual(["second", "first"]);

    runs.length = 0;
    await mutate("messages:send", { author: "host", body: "third" });
    const outcomes = await Promise.all(entries.map((entry) => live.outcome(entry)));
    expect(runs).toEqual(["shared:pageFor"]);
    // The page's end moved with the new message: no journal kept it after "first".
    for (const outcome of outcomes) {
      expect(bodies(outcome)).toEqual(["third", "second"]);
      expect(outcome.journal).toBeNull();
    }
    // What a full run gives now.
    const full = await engine.runQuery("shared:page", args, identity("ana"), entries[0]!.journal);
    expect(full.outcome).toEqual(outcomes[0]!.outcome);
    expect(full.journal).toBeNull();
  });

  it("does not share a nested query that reads the caller's identity", async () => {
    const { live, runs, mutate } = await setUp();
    for (const subject of ["ana", "bo"]) await mutate("shared:setMember", { subject, staff: false, active: true });
    const watcher = subscriber();
    const entries = ["ana", "bo"].map((subject) => live.acquire(watcher, "shared:greeting", {}, identity(subject), null));
    expect((await Promise.all(entries.map((entry) => live.outcome(entry)))).map(value)).toEqual(["ana: 0", "bo: 0"]);

    runs.length = 0;
    await mutate("messages:send", { author: "host", body: "hello" });
    expect((await Promise.all(entries.map((entry) => live.outcome(entry)))).map(value)).toEqual(["ana: 1", "bo: 1"]);
    expect(runs).toEqual(["shared:greeting", "shared:greeting"]);
  });
});
