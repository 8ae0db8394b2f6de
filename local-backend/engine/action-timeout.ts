/**
 * Convex stops an action that runs too long: a Node.js action (its module starts with "use node")
 * after NODE_ACTION_USER_TIMEOUT_SECS (600 s unless set), any other after
 * V8_ACTION_USER_TIMEOUT_SECS (1800 s), the same settings Convex's backend reads. The error comes
 * from the runtime, not the action's code (no "Uncaught", no frames). The runner running it is
 * stopped (runner/pool.ts), so its leftover work ends too.
 */
import { existsSync, readFileSync } from "node:fs";
import { SystemError } from "./errors";

/** Whether a module file starts with the "use node" directive (after comments and blank lines). */
export function isNodeModule(source: string): boolean {
  return /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use node["']/.test(source);
}

const nodeModules = new Map<string, boolean>();

function seconds(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** How long an action in `file` (its module) may run, and what its caller then reads. */
export function actionDeadline(file: string, exportName: string): { ms: number; error: () => SystemError } {
  let node = nodeModules.get(file);
  if (node === undefined) nodeModules.set(file, (node = existsSync(file) && isNodeModule(readFileSync(file, "utf8"))));
  const limit = node ? seconds("NODE_ACTION_USER_TIMEOUT_SECS", 600) : seconds("V8_ACTION_USER_TIMEOUT_SECS", 1800);
  const message = node
    ? `Action \`${exportName}\` execution timed out (maximum duration ${limit}s)`
    : `Function execution timed out (maximum duration: ${limit}s)`;
  return { ms: limit * 1000, error: () => new SystemError(message) };
}
