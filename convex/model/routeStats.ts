/**
 * First-party analytics (POST /api/analytics, SPEC §7 "an analytics service captures pageviews; a
 * performance monitor tracks each route"): pageviews and route load times, kept as daily counters
 * per route (routeStatsDaily), never as raw rows.
 */
import { z } from "zod";
import type { MutationCtx } from "../_generated/server";
import { cognitiveLevel } from "./observability";

/** Events per beacon: the browser batches a few navigations, never a session's worth. */
export const MAX_EVENTS_PER_BEACON = 20;
export const MAX_ROUTE_LENGTH = 200;
/** Ten minutes: anything longer is a tab left in the background, not a load time. */
export const MAX_LOAD_MS = 600_000;

/**
 * A beacon's body. Strict at every level: an unknown field is refused, so nothing but a route
 * pattern (no ids, no query string) and a load time can ever be stored.
 */
export const analyticsBeaconSchema = z
  .object({
    events: z
      .array(
        z
          .object({
            type: z.literal("pageview"),
            route: z
              .string()
              .max(MAX_ROUTE_LENGTH)
              .regex(/^\/[^\s?#]*$/),
            loadMs: z.number().int().min(0).max(MAX_LOAD_MS).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_EVENTS_PER_BEACON),
  })
  .strict();
export type AnalyticsBeacon = z.infer<typeof analyticsBeaconSchema>;

/** The UTC day of `at`, yyyy-MM-dd. */
export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Adds the pageviews to their routes' counters of the day of `now`, one read and one write per route. */
export async function addPageviews(ctx: MutationCtx, events: ReadonlyArray<{ route: string; loadMs?: number }>, now: number) {
  const day = utcDay(now);
  const byRoute = new Map<string, Array<number | undefined>>();
  for (const { route, loadMs } of events) byRoute.set(route, [...(byRoute.get(route) ?? []), loadMs]);
  for (const [route, loads] of byRoute) {
    const row = await ctx.db
      .query("routeStatsDaily")
      .withIndex("by_day_and_route", (q) => q.eq("day", day).eq("route", route))
      .unique();
    const counters = {
      views: (row?.views ?? 0) + loads.length,
      timedViews: row?.timedViews ?? 0,
      totalLoadMs: row?.totalLoadMs ?? 0,
      maxLoadMs: row?.maxLoadMs ?? 0,
      low: row?.low ?? 0,
      medium: row?.medium ?? 0,
      high: row?.high ?? 0,
    };
    for (const loadMs of loads) {
      if (loadMs === undefined) continue;
      counters.timedViews++;
      counters.totalLoadMs += loadMs;
      counters.maxLoadMs = Math.max(counters.maxLoadMs, loadMs);
      counters[cognitiveLevel(loadMs)]++;
    }
    if (row) await ctx.db.patch("routeStatsDaily", row._id, counters);
    else await ctx.db.insert("routeStatsDaily", { day, route, ...counters });
  }
}
