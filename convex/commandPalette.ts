/**
 * The command palette's live entries (SPEC §2 Command palette: its Dashboard group). Guests see
 * no dashboard commands, so only writers may read them. The rules are in model/commandPalette.ts.
 */
import { v } from "convex/values";
import { writerQuery } from "./functions";
import { paletteEntries } from "./model/commandPalette";
import { actionItemPriorityValidator } from "./schema";

const recentValidator = (table: "recordings" | "transcripts") => v.object({ _id: v.id(table), title: v.string(), createdAt: v.number() });

/**
 * The caller's time balance, their running or next session, their open action items (most urgent
 * first) and their newest recordings and transcripts.
 */
export const entries = writerQuery({
  args: {},
  returns: v.object({
    remainingMinutes: v.number(),
    nextSession: v.union(
      v.object({
        _id: v.id("sessions"),
        title: v.string(),
        startsAt: v.number(),
        endsAt: v.number(),
        joinOpensAt: v.number(),
        joinClosesAt: v.number(),
        withName: v.string(),
      }),
      v.null(),
    ),
    openItems: v.array(
      v.object({
        _id: v.id("actionItems"),
        title: v.string(),
        priority: actionItemPriorityValidator,
        dueDate: v.optional(v.string()),
        overdue: v.boolean(),
      }),
    ),
    recordings: v.array(recentValidator("recordings")),
    transcripts: v.array(recentValidator("transcripts")),
  }),
  handler: (ctx) => paletteEntries(ctx, ctx.viewer, Date.now()),
});
