import { convexTest } from "convex-test";
import { vi } from "vitest";
import type { GenericSchema, SchemaDefinition } from "convex/server";
import { internal } from "./_generated/api";
import schema from "./schema";
import { installedComponents } from "./test.components";

/** Every Convex module, for convex-test (this file has two dots, so Convex does not deploy it). */
export const modules = import.meta.glob(["./**/*.ts", "./**/*.js", "!./**/*.*.ts", "!./**/*.d.ts"]);

/** convexTest's options object (its last overload). */
type Options = NonNullable<Parameters<typeof convexTest>[0]>;

/** convex-test on the app's schema and modules with every component of convex.config.ts installed, as on a deployment. */
export function newConvexTest(options: Pick<Options, "transactionLimits"> = {}) {
  const t = convexTest({ schema, modules, ...options });
  for (const component of installedComponents) {
    const componentSchema = Object.values(component.schemas)[0] as SchemaDefinition<GenericSchema, boolean> | undefined;
    t.registerComponent(component.path, componentSchema as SchemaDefinition<GenericSchema, boolean>, component.modules);
  }
  return t;
}

/**
 * Runs what is scheduled in time order under fake timers, moving the clock to the next due function
 * only when none is running, as a deployment's scheduler would. finishAllScheduledFunctions with
 * vi.runAllTimers fires every later timer while a function is still in flight: with a workpool
 * (its loop, monitor and recovery timers) that jumps the clock by minutes or days.
 */
export async function runScheduled(t: ReturnType<typeof newConvexTest>) {
  await t.finishInProgressScheduledFunctions();
  for (let step = 0; vi.getTimerCount() > 0; step++) {
    if (step === 10_000) throw new Error("Scheduled functions kept scheduling more.");
    await vi.advanceTimersToNextTimerAsync();
    await t.finishInProgressScheduledFunctions();
  }
}

/** Folds every waiting e-mail event into the counts, as the fold the events scheduled does a moment later. */
export async function foldEmailCounts(t: ReturnType<typeof newConvexTest>) {
  while ((await t.mutation(internal.emailRollups.fold, {})).more);
}
