import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_TIMER_MS, Timers } from "./scheduler";

describe("Timers", () => {
  afterEach(() => vi.useRealTimers());

  it("fires a delay longer than 2^31-1 ms at its time, not at once", () => {
    vi.useFakeTimers({ now: 0 });
    const timers = new Timers();
    const fired = vi.fn();
    const at = MAX_TIMER_MS + 5_000;
    timers.arm("job", at, fired);
    vi.advanceTimersByTime(MAX_TIMER_MS);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4_999);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it("re-arming replaces the earlier timer and clearing cancels it", () => {
    vi.useFakeTimers({ now: 0 });
    const timers = new Timers();
    const fired = vi.fn();
    timers.arm("job", 100, fired);
    timers.arm("job", 200, fired);
    vi.advanceTimersByTime(150);
    expect(fired).not.toHaveBeenCalled();
    timers.clear("job");
    vi.advanceTimersByTime(100);
    expect(fired).not.toHaveBeenCalled();
  });
});
