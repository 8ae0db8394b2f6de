/** Recurring jobs. Each calls internal functions only (ARCHITECTURE §4). */
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();

// Off the top of the hour, so it does not pile onto everyone else's jobs.
crons.daily("expire time balances", { hourUTC: 3, minuteUTC: 17 }, internal.timeBalance.expireDue, {});

export default crons;
