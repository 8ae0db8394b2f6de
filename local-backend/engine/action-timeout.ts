/**
 * Convex stops waiting for an action that runs too long: a Node.js action (its module starts with
 * "use node") after NODE_ACTION_USER_TIMEOUT_SECS (600 s unless set), any other after
 * V8_ACTION_USER_TIMEOUT_SECS (1800 s), the same settings Convex's backend reads. The error comes
 * from the runtime, not the action's code (no "Uncaught", no frames). The action's own leftover
 * work cannot be stopped in this process; its result is dropped.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SystemError } from "./errors";
import { canonicalizeUdfPath } from "./function-path";

const EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts"];

/** Whether a module file starts with the "use node" directive (after comments and blank lines). */
export function isNodeModule(source: string): boolean {
  return /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use node["']/.test(source);
}

const nodeModules = new Map<string, boolean>();

function runsInNode(dir: string, modulePath: string): boolean {
  const file = EXTENSIONS.map((ext) => path.join(dir, modulePath + ext)).find((candidate) => existsSync(candidate));
  if (!file) return false;
  let node = nodeModules.get(file);
  if (node === undefined) nodeModules.set(file, (node = isNodeModule(readFileSync(file, "utf8"))));
  return node;
}

function seconds(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * Runs an action of the functions folder `dir`, failing it as Convex does once its time is up.
 * `dir` is undefined for a function whose source is not at hand (it runs as a V8 action).
 */
export function withActionTimeout<T>(dir: string | undefined, udfPath: string, run: () => Promise<T>): Promise<T> {
  const { module, exportName } = canonicalizeUdfPath(udfPath);
  const node = dir !== undefined && runsInNode(dir, module);
  const limit = node ? seconds("NODE_ACTION_USER_TIMEOUT_SECS", 600) : seconds("V8_ACTION_USER_TIMEOUT_SECS", 1800);
  const message = node
    ? `Action \`${exportName}\` execution timed out (maximum duration ${limit}s)`
    : `Function execution timed out (maximum duration: ${limit}s)`;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SystemError(message)), limit * 1000);
  });
  return Promise.race([run(), timeout]).finally(() => clearTimeout(timer));
}
