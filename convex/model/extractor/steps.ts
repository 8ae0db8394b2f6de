/**
 * Long work cut into steps, so that it shares its thread. The extractor is written as generators
 * that yield between small steps (one clause read, one segment done); `runToEnd` runs them in one
 * go, `runInSlices` gives the event loop a turn whenever a slice of work is spent. Hand-written, as
 * the runtimes it must run in (Convex's, a worker thread, the tests) offer no common way to yield
 * beyond a timer.
 */

/** Work that yields between its steps and returns T at the end. */
export type Steps<T> = Generator<void, T, void>;

/**
 * The longest stretch of work between two turns of the event loop. A runtime stops code that holds
 * its thread too long (the embedded backend after 1 s of CPU), and whatever else shares the thread
 * waits meanwhile; 25 ms keeps that wait short, while a turn (a timer, about a millisecond) costs
 * only a few percent of the work.
 */
export const SLICE_MS = 25;

export interface Pacing {
  sliceMs: number;
  /** Milliseconds on a clock that moves while work runs. */
  now: () => number;
  /** Gives the event loop a turn. */
  pause: () => Promise<void>;
}

/** A macrotask, not a microtask: timers, messages and I/O callbacks run before the work goes on. */
export function pauseForEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Date.now rather than performance.now: it moves in Convex actions, and fake timers in tests stop it
 * together with setTimeout, so a stopped clock never waits on a stopped timer.
 */
// eslint-disable-next-line no-restricted-syntax -- a stopwatch for slicing work, not the time of day
export const EVENT_LOOP_PACING: Pacing = { sliceMs: SLICE_MS, now: () => Date.now(), pause: pauseForEventLoop };

export function runToEnd<T>(steps: Steps<T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

export async function runInSlices<T>(steps: Steps<T>, pacing: Pacing = EVENT_LOOP_PACING): Promise<T> {
  let sliceStart = pacing.now();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    if (pacing.now() - sliceStart >= pacing.sliceMs) {
      await pacing.pause();
      sliceStart = pacing.now();
    }
  }
}
