/**
 * Runs scheduled functions. Jobs live in `_scheduled_functions` (written by the engine in the
 * scheduling transaction), so they are re-armed from the database after a restart.
 *
 * A scheduled mutation is claimed, run and marked done in one transaction, so it runs exactly
 * once even across a crash. An action cannot be made atomic with its effects: it is marked
 * inProgress first, and one interrupted by a restart is marked failed (at most once, as Convex does).
 */
import { makeFunctionReference, type GenericMutationCtx, type GenericDataModel } from "convex/server";
import { convexToJson, type GenericId, type Value } from "convex/values";
import { runInHostScope, type Engine } from "./engine/engine";

/** setTimeout fires at once for delays past 2^31-1 ms; longer waits are chained. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

type JobState = { kind: "pending" | "inProgress" | "success" | "canceled" } | { kind: "failed"; error: string };
interface JobDoc {
  _id: GenericId<"_scheduled_functions">;
  name: string;
  args: Value[];
  scheduledTime: number;
  state: JobState;
}
type Ctx = GenericMutationCtx<GenericDataModel>;

const INTERRUPTED = "Transient error while executing action: the backend restarted while it ran";

export class Timers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  /** Calls `fire` at `at` (epoch ms), however far away, unless cleared or re-armed first. */
  arm(key: string, at: number, fire: () => void) {
    this.clear(key);
    const step = () => {
      const wait = at - Date.now();
      if (wait > MAX_TIMER_MS) {
        this.timers.set(key, setTimeout(step, MAX_TIMER_MS));
        return;
      }
      this.timers.set(
        key,
        setTimeout(() => {
          this.timers.delete(key);
          fire();
        }, Math.max(0, wait)),
      );
    };
    runInHostScope(step);
  }

  clear(key: string) {
    const timer = this.timers.get(key);
    if (timer) clearTimeout(timer);
    this.timers.delete(key);
  }

  has(key: string) {
    return this.timers.has(key);
  }

  clearAll() {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

export class JobScheduler {
  private readonly timers = new Timers();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly engine: () => Engine,
    private readonly log: (message: string) => void,
  ) {}

  arm(jobId: string, scheduledTime: number) {
    this.timers.arm(jobId, scheduledTime, () => this.track(this.runJob(jobId)));
  }

  /** After a restart: pending jobs get timers again; interrupted actions are marked failed. */
  async restore() {
    const jobs = await this.engine().transaction(async (ctx) => {
      const all = (await ctx.db.system.query("_scheduled_functions").collect()) as unknown as JobDoc[];
      for (const job of all.filter((j) => j.state.kind === "inProgress")) {
        await markFailed(ctx, job._id, INTERRUPTED);
      }
      return all.filter((j) => j.state.kind === "pending").map((j) => ({ id: j._id, at: j.scheduledTime }));
    });
    for (const job of jobs) this.arm(job.id, job.at);
    return jobs.length;
  }

  /** Pending jobs get new timers: after the test clock moved, the ones now due run at once. */
  async rearmPending() {
    const jobs = await this.engine().transaction(async (ctx) => {
      const all = (await ctx.db.system.query("_scheduled_functions").collect()) as unknown as JobDoc[];
      return all.filter((j) => j.state.kind === "pending").map((j) => ({ id: j._id, at: j.scheduledTime }));
    });
    for (const job of jobs) this.arm(job.id, job.at);
  }

  private track(promise: Promise<void>) {
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
  }

  private async runJob(jobId: string) {
    const engine = this.engine();
    const job = await engine.transaction(async (ctx) => (await ctx.db.system.get(jobId as GenericId<"_scheduled_functions">)) as JobDoc | null);
    if (!job || job.state.kind !== "pending") return;
    if ((await engine.kindOf(job.name)) !== "mutation") return this.runActionJob(engine, jobId);
    await engine.transaction(async (ctx) => {
      const current = (await ctx.db.system.get(jobId as GenericId<"_scheduled_functions">)) as JobDoc | null;
      if (!current || current.state.kind !== "pending") return;
      try {
        await ctx.runMutation(makeFunctionReference<"mutation">(current.name), current.args[0] ?? {});
        await ctx.db.patch(current._id, { state: { kind: "success" }, completedTime: Date.now() } as never);
      } catch (error) {
        this.log(`scheduled mutation ${current.name} failed: ${message(error)}`);
        await markFailed(ctx, current._id, message(error));
      }
    });
  }

  private async runActionJob(engine: Engine, jobId: string) {
    const job = await engine.transaction(async (ctx) => {
      const current = (await ctx.db.system.get(jobId as GenericId<"_scheduled_functions">)) as JobDoc | null;
      if (!current || current.state.kind !== "pending") return null;
      await ctx.db.patch(current._id, { state: { kind: "inProgress" } } as never);
      return current;
    });
    if (!job) return;
    const outcome = await engine.run("action", job.name, convexToJson(job.args[0] ?? {}), null, false);
    await engine.transaction(async (ctx) => {
      if (outcome.ok) await ctx.db.patch(job._id, { state: { kind: "success" }, completedTime: Date.now() } as never);
      else {
        this.log(`scheduled action ${job.name} failed: ${outcome.message}`);
        await markFailed(ctx, job._id, outcome.message);
      }
    });
  }

  /** Waits for running jobs, for a clean shutdown. */
  async close() {
    this.timers.clearAll();
    await Promise.allSettled([...this.running]);
  }
}

async function markFailed(ctx: Ctx, id: GenericId<"_scheduled_functions">, error: string) {
  await ctx.db.patch(id, { state: { kind: "failed", error }, completedTime: Date.now() } as never);
}

function message(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}
