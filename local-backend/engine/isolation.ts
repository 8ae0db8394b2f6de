/**
 * Keeps a function's failure that function's failure. Every function runs in the same process as
 * the backend, so an error a function throws from a callback (`fs.exists(..., () => { throw })`)
 * or an 'error' event nobody listens to (an unreachable host in `http.get`) would otherwise reach
 * Node's default handler and end the process for every member. Convex runs such code in a
 * separate Node process and fails the call with "uncaughtException: <message>"; here the error is
 * traced back to the call it came from through its async context, and fails that call.
 */
import { currentCall, newCall } from "./call-scope";

let guardsInstalled = false;
let report: (message: string) => void = (message) => console.error(`[backend] ${message}`);

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function onStray(kind: "uncaughtException" | "unhandledRejection") {
  return (error: unknown) => {
    const fail = currentCall()?.fail;
    if (fail) return fail(new Error(`${kind}: ${describe(error)}`, { cause: error }));
    // Not traceable to a call (the backend's own timers, or a call that already answered):
    // reported, and the members connected keep their sessions.
    report(`${kind} outside any function call: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };
}

/**
 * Installs the process-wide handlers once. `log` receives errors that belong to no running call.
 */
export function installProcessGuards(log?: (message: string) => void) {
  if (log) report = log;
  if (guardsInstalled) return;
  guardsInstalled = true;
  process.on("uncaughtException", onStray("uncaughtException"));
  process.on("unhandledRejection", onStray("unhandledRejection"));
}

/**
 * Runs one call: it settles with fn's result, or rejects with the first error its own async work
 * leaves uncaught. Errors of its leftover work after it answered are reported, not thrown.
 */
export function isolate<T>(fn: () => Promise<T>): Promise<T> {
  return newCall((scope) => {
    let settled = false;
    let reject: (error: Error) => void = () => {};
    const failed = new Promise<never>((_resolve, rejectFailed) => (reject = rejectFailed));
    // Only ever rejected while the race below still listens.
    failed.catch(() => {});
    scope.fail = (error) => {
      if (settled) return report(`after its call answered: ${error.message}`);
      settled = true;
      reject(error);
    };
    const result = fn().finally(() => {
      settled = true;
    });
    return Promise.race([result, failed]);
  });
}
