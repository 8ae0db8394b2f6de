import { describe, expect, it } from "vitest";
import { runInSlices, runToEnd, type Pacing, type Steps } from "./steps";

/** Work of `count` steps, each taking `stepMs` on `clock`; answers how many steps ran. */
function* work(count: number, clock: { ms: number }, stepMs: number, done: number[]): Steps<number> {
  for (let i = 0; i < count; i++) {
    clock.ms += stepMs;
    done.push(i);
    yield;
  }
  return count;
}

describe("runToEnd", () => {
  it("runs every step in one go and answers the work's result", () => {
    const done: number[] = [];
    expect(runToEnd(work(5, { ms: 0 }, 10, done))).toBe(5);
    expect(done).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("runInSlices", () => {
  it("pauses as soon as a slice of work is spent, and never works a step longer than that", async () => {
    const clock = { ms: 0 };
    const done: number[] = [];
    const stretches: number[] = [];
    let since = 0;
    const pacing: Pacing = {
      sliceMs: 25,
      now: () => clock.ms,
      pause: () => {
        stretches.push(clock.ms - since);
        // Time passes while others use the thread; it does not count as this work's.
        clock.ms += 100;
        since = clock.ms;
        return Promise.resolve();
      },
    };
    expect(await runInSlices(work(10, clock, 10, done), pacing)).toBe(10);
    expect(done).toHaveLength(10);
    // 10 ms steps against a 25 ms slice: a pause after every third step.
    expect(stretches).toEqual([30, 30, 30]);
  });

  it("gives the event loop a turn between slices", async () => {
    const clock = { ms: 0 };
    const order: string[] = [];
    const pacing: Pacing = {
      sliceMs: 25,
      now: () => clock.ms,
      pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
    };
    setTimeout(() => order.push("other work"), 0);
    const done: number[] = [];
    const finished = runInSlices(work(6, clock, 10, done), pacing).then(() => order.push(`extraction after ${done.length} steps`));
    order.push(`started, ${done.length} steps done`);
    await finished;
    expect(order).toEqual(["started, 3 steps done", "other work", "extraction after 6 steps"]);
  });

  it("never pauses on a clock that stands still, as under fake timers", async () => {
    let pauses = 0;
    const pacing: Pacing = {
      sliceMs: 25,
      now: () => 0,
      pause: () => {
        pauses++;
        return Promise.resolve();
      },
    };
    expect(await runInSlices(work(50, { ms: 0 }, 10, []), pacing)).toBe(50);
    expect(pauses).toBe(0);
  });
});
