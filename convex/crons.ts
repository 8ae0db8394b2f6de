/**
 * Recurring jobs. Each calls internal functions only (ARCHITECTURE §4): every job of the registry
 * (model/cronJobs.ts, where the schedules and their reasons live) runs through cronJobs.run, which
 * records its runs for the monitoring page.
 */
import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";
import { CRON_JOB_NAMES, CRON_SCHEDULES } from "./model/cronJobs";

const crons = cronJobs();

for (const job of CRON_JOB_NAMES) crons.cron(job, CRON_SCHEDULES[job], internal.cronJobs.run, { job });

export default crons;
