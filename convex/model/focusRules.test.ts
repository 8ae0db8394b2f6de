import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countFocusDay, FOCUS_CHECK_IN_WINDOW_MS, focusDayOf, focusPhase, mayCheckIn, weekStartOf, type FocusStreak } from "./focusRules";

const MINUTE = 60_000;
const room = { startsAt: Date.UTC(2026, 2, 2, 12), endsAt: Date.UTC(2026, 2, 2, 12, 25) };

describe("focus rules", () => {
  it("never lowers the count of focus days, whatever days come in whatever order, and counts each new day once", () => {
    const day = fc.integer({ min: 0, max: 60 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.array(day, { maxLength: 40 }), (days) => {
        let streak: FocusStreak = { days: 0 };
        for (const next of days) {
          const after = countFocusDay(streak, next);
          expect(after.days).toBeGreaterThanOrEqual(streak.days);
          expect(after.days - streak.days).toBe(streak.lastDay === next ? 0 : 1);
          streak = after;
        }
      }),
    );
  });

  it("dates a check-in in the member's zone, and weeks start on Monday", () => {
    expect(focusDayOf(Date.UTC(2026, 2, 3, 7, 30), "America/Los_Angeles")).toBe("2026-03-02");
    expect(focusDayOf(Date.UTC(2026, 2, 2, 23), "Asia/Tokyo")).toBe("2026-03-03");
    expect(weekStartOf("2026-03-02")).toBe("2026-03-02");
    expect(weekStartOf("2026-03-08")).toBe("2026-03-02");
    expect(weekStartOf("2026-03-09")).toBe("2026-03-09");
  });

  it("tells a room's phase, and when its check-in is open", () => {
    expect(focusPhase(room, room.startsAt - 1)).toBe("upcoming");
    expect(focusPhase(room, room.startsAt)).toBe("live");
    expect(focusPhase(room, room.endsAt)).toBe("ended");
    expect(mayCheckIn(room, {}, room.endsAt - 1)).toBe(false);
    expect(mayCheckIn(room, { leftAt: room.startsAt + MINUTE }, room.startsAt + 2 * MINUTE)).toBe(true);
    expect(mayCheckIn(room, { leftAt: room.startsAt - MINUTE }, room.startsAt - MINUTE)).toBe(false);
    expect(mayCheckIn(room, {}, room.endsAt)).toBe(true);
    expect(mayCheckIn(room, {}, room.endsAt + FOCUS_CHECK_IN_WINDOW_MS)).toBe(false);
  });
});
