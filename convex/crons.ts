/** Recurring jobs. Each calls internal functions only (ARCHITECTURE §4). */
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Off the top of the hour, so it does not pile onto everyone else's jobs.
crons.daily("expire time balances", { hourUTC: 3, minuteUTC: 17 }, internal.timeBalance.expireDue, {});
// Account lifecycle (convex/inactivity.ts, convex/retention.ts, convex/reactivation.ts).
crons.daily("inactivity", { hourUTC: 3, minuteUTC: 41 }, internal.inactivity.sweep, {});
crons.daily("retention clean-up", { hourUTC: 4, minuteUTC: 23 }, internal.retention.cleanUp, {});
crons.hourly("token expiry", { minuteUTC: 29 }, internal.reactivation.removeExpiredTokens, {});
// E-mail system health (convex/emailHealth.ts): checks while nobody watches, so uptime has a history; old checks pruned.
crons.interval("email health checks", { minutes: 5 }, internal.emailHealth.probeAll, {});
crons.daily("email health clean-up", { hourUTC: 4, minuteUTC: 47 }, internal.emailHealth.prune, {});

export default crons;
