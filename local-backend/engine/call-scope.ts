/**
 * One async context per call from outside (a client's query, mutation or action, a scheduled job,
 * a cron, an http action), shared by what follows a call through its async work: the stray
 * errors that fail it (isolation.ts) and whether code runs inside a function's handler
 * (call-boundaries.ts). One AsyncLocalStorage for both: on Node 20 every instance is copied onto
 * every promise a function creates, so each one costs every call.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export interface CallScope {
  /** Fails the call with an error its async work left uncaught (isolation.ts). */
  fail?: (error: Error) => void;
  /** Code below runs inside a function's handler: a handler started here was called by a function. */
  inHandler: boolean;
}

const scopes = new AsyncLocalStorage<CallScope>();

export function currentCall(): CallScope | undefined {
  return scopes.getStore();
}

/** Runs `fn` as a new call, whatever call it was started from. */
export function newCall<T>(fn: (scope: CallScope) => T): T {
  const fresh: CallScope = { inHandler: false };
  return scopes.run(fresh, () => fn(fresh));
}

/**
 * Runs `fn` as a function handler of the current call: what it starts sees `inHandler`. A copy of
 * the scope (with the call's own fail), so work of the call outside this handler does not see it.
 */
export function asHandler<T>(fn: () => T): T {
  const scope = scopes.getStore();
  return scope ? scopes.run({ ...scope, inHandler: true }, fn) : fn();
}
