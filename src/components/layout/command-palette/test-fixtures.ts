import type { Id } from "@convex/_generated/dataModel";
import type { PaletteEntries } from "./commands";

const HOUR = 60 * 60 * 1000;

/** A member's live palette entries: a session `startsIn` ms after `now`, one open item, one recording and transcript. */
export function paletteEntries(now: number, { startsIn = 2 * HOUR, ...overrides }: Partial<PaletteEntries> & { startsIn?: number } = {}): PaletteEntries {
  const startsAt = now + startsIn;
  return {
    remainingMinutes: 120,
    nextSession: {
      _id: "sessions:next" as Id<"sessions">,
      title: "Weekly planning",
      startsAt,
      endsAt: startsAt + HOUR,
      joinOpensAt: startsAt - 10 * 60_000,
      joinClosesAt: startsAt + HOUR,
      withName: "Cora Coach",
    },
    openItems: [{ _id: "actionItems:a" as Id<"actionItems">, title: "Email the accountant", priority: "high", dueDate: "2026-11-27", overdue: false }],
    recordings: [{ _id: "recordings:r" as Id<"recordings">, title: "Planning call", createdAt: now - HOUR }],
    transcripts: [{ _id: "transcripts:t" as Id<"transcripts">, title: "Planning call", createdAt: now - HOUR }],
    ...overrides,
  };
}
