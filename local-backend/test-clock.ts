/**
 * A test clock for browser journeys, like Stripe's test clocks: with `testClock` on, `Date` in
 * this process (functions, scheduler, identity provider) runs ahead of the wall clock by an
 * offset that POST /_test/clock moves forward. Only forward, so no stored time is ever in the
 * future of "now". Never on in `npm start`; the Playwright server turns it on.
 */
const RealDate = Date;
let offsetMs = 0;
let installed = false;

class ShiftedDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...args);
  }

  static override now() {
    return RealDate.now() + offsetMs;
  }
}

export function installTestClock() {
  if (installed) return;
  installed = true;
  globalThis.Date = ShiftedDate as DateConstructor;
}

/** Moves the clock forward by `ms` (a whole, non-negative number); returns the new now. */
export function advanceTestClock(ms: number): number {
  if (!installed) throw new Error("The test clock is not installed");
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError("advanceMs must be a whole number of milliseconds, 0 or more");
  offsetMs += ms;
  return Date.now();
}

export function testClockOffset(): number {
  return offsetMs;
}

/** The offset functions must add to the wall clock, or undefined when the test clock is off. */
export function testClockShift(): number | undefined {
  return installed ? offsetMs : undefined;
}
