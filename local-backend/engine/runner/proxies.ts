/**
 * The backend's copy of each function module keeps its registrations (validators, visibility)
 * for convex-test, which checks arguments and return values and runs the transaction; the
 * function's own code (its handler) runs on a function runner instead, through this stand-in.
 */
import type { Value } from "convex/values";
import type { FunctionLocation, RunKind } from "./messages";
import type { CallerContext } from "./pool";

interface RegisteredFunction {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  _handler?: unknown;
}

export type RunOnRunner = (kind: Exclude<RunKind, "http">, location: FunctionLocation, args: Record<string, Value>, ctx: CallerContext) => Promise<Value>;

const PROXIED = Symbol("lwcc.runnerProxy");

/** Replaces the handlers of a module's queries, mutations and actions. Safe to call more than once. */
export function installRunnerProxies(module: Record<string, unknown>, file: string, run: RunOnRunner) {
  for (const [exportName, value] of Object.entries(module)) {
    const fn = value as (RegisteredFunction & { [PROXIED]?: true }) | null;
    if (!fn || (typeof fn !== "function" && typeof fn !== "object") || fn[PROXIED]) continue;
    if (!(fn.isQuery || fn.isMutation || fn.isAction) || typeof fn._handler !== "function") continue;
    const kind = fn.isQuery ? "query" : fn.isMutation ? "mutation" : "action";
    fn._handler = (ctx: Parameters<RunOnRunner>[3], args: Record<string, Value>) => run(kind, { file, exportName }, args, ctx);
    fn[PROXIED] = true;
  }
}
