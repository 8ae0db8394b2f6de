/**
 * Runs scheduled functions. Jobs live in `_scheduled_functions` (written by the engine in the
 * scheduling transaction), so they are re-armed from the database after a restart.
 *
 * A scheduled mutation is claimed, run and marked done in one transaction, so it runs exactly
 * once even across a crash. An action cannot be made atomic with its effects: it is marked
 * inProgress first, and one interrupted by a restart is marked failed (at most once, as Convex does).
 */
import type { GenericDataModel, GenericMutationCtx } from "convex/server";
import { convexToJson, type GenericId } from "convex/values";
import { runInHostScope, type Engine, type ScheduledJob } from "./engine/engine";

/** setTimeout fires at once for delays past 2^31-1 ms; longer waits are chained. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

type Ctx = GenericMutationCtx<GenericDataModel>;
type JobId = GenericId<"_scheduled_functions">;

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

const getJob = async (ctx: Ctx, id: string) => (await ctx.db.system.get(id as JobId)) as unknown as ScheduledJob | null;

/**
 * Jobs live in the `_scheduled_functions` of the component that scheduled them (ids are per
 * component); a job may run a function of another component (a handle or a child's reference).
 */
export class JobScheduler {
  private readonly timers = new Timers();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly engine: () => Engine,
    private readonly log: (message: string) => void,
  ) {}

  /** Set by close(): a job scheduled by one still finishing stays pending in the data, for the next start. */
  private closed = false;

  arm(component: string, jobId: string, scheduledTime: number) {
    if (this.closed) return;
    this.timers.arm(`${component}\u0000${jobId}`, scheduledTime, () => this.track(this.runJob(component, jobId)));
  }

  /** After a restart: pending jobs get timers again; interrupted actions are marked failed. */
  async restore() {
    let count = 0;
    for (const component of this.engine().componentPaths()) {
      const jobs = await this.engine().transaction(async (ctx) => {
        const all = (await ctx.db.system.query("_scheduled_functions").collect()) as unknown as ScheduledJob[];
        for (const job of all.filter((j) => j.state.kind === "inProgress")) await markFailed(ctx, job._id, INTERRUPTED);
        return all.filter((j) => j.state.kind === "pending");
      }, component);
      for (const job of jobs) this.arm(component, job._id, job.scheduledTime);
      count += jobs.length;
    }
    return count;
  }

  /** Pending jobs get new timers: after the test clock moved, the ones now due run at once. */
  async rearmPending() {
    for (const component of this.engine().componentPaths()) {
      const jobs = await this.engine().transaction(async (ctx) => {
        const all = (await ctx.db.system.query("_scheduled_functions").collect()) as unknown as ScheduledJob[];
        return all.filter((j) => j.state.kind === "pending");
      }, component);
      for (const job of jobs) this.arm(component, job._id, job.scheduledTime);
    }
  }

  private track(promise: Promise<void>) {
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
  }

  private async runJob(component: string, jobId: string) {
    const engine = this.engine();
    const job = await engine.transaction((ctx) => getJob(ctx, jobId), component);
    if (!job || job.state.kind !== "pending") return;
    const target = { componentPath: job.component ?? component, udfPath: job.name };
    if ((await engine.kindOf(target)) !== "mutation") return this.runActionJob(engine, component, jobId);
    // Claimed, run and marked in one transaction of the scheduling component: exactly once.
    await engine.transaction(async (ctx) => {
      const current = await getJob(ctx, jobId);
      if (!current || current.state.kind !== "pending") return;
      try {
        await ctx.runMutation(engine.handle(target) as never, (current.args[0] ?? {}) as never);
        // A job that canceled itself while running stays canceled, as on Convex.
        if ((await getJob(ctx, jobId))?.state.kind === "canceled") return;
        await ctx.db.patch(current._id as JobId, { state: { kind: "success" }, completedTime: Date.now() } as never);
      } catch (error) {
        this.log(`scheduled mutation ${describe(target)} failed: ${message(error)}`);
        await markFailed(ctx, current._id, message(error));
      }
    }, component);
  }

  private async runActionJob(engine: Engine, component: string, jobId: string) {
    const job = await engine.transaction(async (ctx) => {
      const current = await getJob(ctx, jobId);
      if (!current || current.state.kind !== "pending") return null;
      await ctx.db.patch(current._id as JobId, { state: { kind: "inProgress" } } as never);
      return current;
    }, component);
    if (!job) return;
    const target = { componentPath: job.component ?? component, udfPath: job.name };
    const outcome = await engine.runFunction("action", target, convexToJson(job.args[0] ?? {}));
    // Marked on the engine serving now: functions may have reloaded while the action ran.
    await this.engine().transaction(async (ctx) => {
      // An action canceled while it ran stays canceled, as on Convex.
      if ((await getJob(ctx, jobId))?.state.kind === "canceled") return;
      if (outcome.ok) await ctx.db.patch(job._id as JobId, { state: { kind: "success" }, completedTime: Date.now() } as never);
      else {
        this.log(`scheduled action ${describe(target)} failed: ${outcome.message}`);
        await markFailed(ctx, job._id, outcome.message);
      }
    }, component);
  }

  /** Waits for running jobs, for a clean shutdown. */
  async close() {
    this.closed = true;
    this.timers.clearAll();
    await Promise.allSettled([...this.running]);
  }
}

async function markFailed(ctx: Ctx, id: string, error: string) {
  await ctx.db.patch(id as JobId, { state: { kind: "failed", error }, completedTime: Date.now() } as never);
}

function describe({ componentPath, udfPath }: { componentPath: string; udfPath: string }) {
  return componentPath ? `${componentPath}/${udfPath}` : udfPath;
}

function message(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}
