/**
 * Runs the jobs of crons.ts on their schedules (UTC), never two runs of one job at once.
 * Each job's last run is kept in a small file, so a restart neither repeats nor forgets it.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import { nextRunAfter, parseCronJobs, type CronSpec, type CronState } from "./cron/schedule";
import type { Engine } from "./engine/engine";
import { Timers } from "./scheduler";

/** A cron job and the component whose crons.ts declares it ("" for the app). */
type ComponentCron = CronSpec & { component: string };

export class CronRunner {
  private specs = new Map<string, ComponentCron>();
  private readonly state = new Map<string, CronState>();
  private readonly timers = new Timers();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly engine: () => Engine,
    private readonly log: (message: string) => void,
    /** Where last runs are kept; in memory only without it. */
    private readonly stateFile?: string,
  ) {
    if (stateFile && existsSync(stateFile)) {
      const saved = JSON.parse(readFileSync(stateFile, "utf8")) as Record<string, CronState>;
      for (const [id, value] of Object.entries(saved)) this.state.set(id, { ...value, running: false });
    }
  }

  /** (Re)reads every component's crons.ts and arms every job; call again after functions reload. */
  async start() {
    this.stopped = false;
    this.specs = new Map<string, ComponentCron>();
    for (const { component, exported } of await this.engine().cronJobs()) {
      // Jobs keep their own names in the app; a component's are prefixed with its path.
      for (const [id, spec] of parseCronJobs(exported)) this.specs.set(component ? `${component}/${id}` : id, { ...spec, component });
    }
    this.timers.clearAll();
    const now = Date.now();
    for (const id of this.state.keys()) if (!this.specs.has(id)) this.state.delete(id);
    for (const id of this.specs.keys()) {
      if (!this.state.has(id)) this.state.set(id, { registeredAtMs: now });
      this.arm(id);
    }
    this.save();
  }

  private arm(id: string) {
    const spec = this.specs.get(id);
    const state = this.state.get(id);
    if (!spec || !state || this.stopped) return;
    const reference = state.lastRunMs ?? state.registeredAtMs ?? Date.now();
    // A run missed while the backend was down happens once, right away.
    const at = Math.max(Date.now(), nextRunAfter(spec.schedule, reference, state.lastRunMs));
    this.timers.arm(`cron:${id}`, at, () => this.fire(id));
  }

  private fire(id: string) {
    const spec = this.specs.get(id);
    const state = this.state.get(id);
    if (!spec || !state || state.running) return;
    state.running = true;
    state.lastRunMs = Date.now();
    this.save();
    const run = this.run(spec).finally(() => {
      state.running = false;
      this.save();
      this.arm(id);
    });
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  private async run(spec: ComponentCron) {
    const engine = this.engine();
    const args = convexToJson(jsonToConvex((spec.args[0] ?? {}) as JSONValue));
    const target = { componentPath: spec.component, udfPath: spec.name };
    const kind = (await engine.kindOf(target)) === "mutation" ? "mutation" : "action";
    const outcome = await engine.runFunction(kind, target, args);
    if (!outcome.ok) this.log(`cron ${spec.component ? `${spec.component}/` : ""}${spec.name} failed: ${outcome.message}`);
  }

  private save() {
    if (!this.stateFile) return;
    const temp = `${this.stateFile}.tmp`;
    writeFileSync(temp, JSON.stringify(Object.fromEntries(this.state)));
    renameSync(temp, this.stateFile);
  }

  /**
   * Runs job `id` now, as its schedule would, and resolves once it has finished: a journey's "the
   * next run" without waiting for the hour. False for a job crons.ts does not declare.
   */
  async runNow(id: string): Promise<boolean> {
    if (!this.specs.has(id)) return false;
    // A run already under way finishes first: fire() never starts a second run of one job.
    await this.idle();
    this.fire(id);
    await this.idle();
    return true;
  }

  stop() {
    this.stopped = true;
    this.timers.clearAll();
  }

  async idle() {
    await Promise.allSettled([...this.running]);
  }
}

export function cronStateFile(dataDir: string | undefined) {
  return dataDir ? path.join(dataDir, "crons.json") : undefined;
}
