/**
 * What a function sees when another function it calls fails (ctx.runQuery, runMutation,
 * runAction, and component calls). Convex passes the callee's failure on as a new error whose
 * message is the callee's JS error text (`Uncaught ConvexError: ...` and its frames), a
 * ConvexError with the same data when there is data, so the client finally reads the chain,
 * outermost first. convex-test hands the callee's own error object through instead, so every
 * registered function's handler is wrapped here: the outermost call keeps its error; nested
 * calls convert theirs at the boundary, inside the caller's await, so the new error's frames are
 * the caller's.
 */
import { ConvexError, jsonToConvex, type Value } from "convex/values";
import { asHandler, currentCall } from "./call-scope";
import { jsErrorText, toJsError } from "./errors";

type Handler = (ctx: unknown, args: unknown) => unknown;

interface RegisteredFunction {
  isQuery?: boolean;
  isMutation?: boolean;
  isAction?: boolean;
  _handler?: Handler;
}

const WRAPPED = Symbol("lwcc.callBoundary");

/** Runs code that calls functions the way a function does (an http action's handler). */
export function asCaller<T>(fn: () => T): T {
  return asHandler(fn);
}

/**
 * The ConvexError class of the copy of `convex` the functions import, which may not be ours:
 * their `instanceof ConvexError` must hold for what they receive.
 */
function convexErrorClassOf(error: unknown): typeof ConvexError {
  for (let proto: unknown = Object.getPrototypeOf(error); proto && proto !== Error.prototype; proto = Object.getPrototypeOf(proto)) {
    const ctor = Object.prototype.hasOwnProperty.call(proto, "constructor") ? (proto as { constructor: unknown }).constructor : undefined;
    if (typeof ctor === "function" && ctor.name === "ConvexError") return ctor as typeof ConvexError;
  }
  return ConvexError;
}

function passedOn(error: unknown, root: string): Error {
  const jsError = toJsError(error, root);
  const text = jsErrorText(jsError);
  if (jsError.data === undefined) return new Error(text);
  const rethrown = new (convexErrorClassOf(error))<Value>(text);
  rethrown.data = jsonToConvex(jsError.data);
  return rethrown;
}

/**
 * Wraps the handlers of a module's queries, mutations and actions; `root` is what frame paths are
 * relative to (see toJsError). Safe to call more than once on the same module.
 */
export function installCallBoundaries(module: Record<string, unknown>, root: string) {
  for (const value of Object.values(module)) {
    const fn = value as (RegisteredFunction & { [WRAPPED]?: true }) | null;
    if (!fn || (typeof fn !== "function" && typeof fn !== "object") || fn[WRAPPED]) continue;
    if (!(fn.isQuery || fn.isMutation || fn.isAction) || typeof fn._handler !== "function") continue;
    const handler = fn._handler;
    fn._handler = async (ctx, args) => {
      // Outside any handler, this is the call's own function; inside one, a function called it.
      if (!currentCall()?.inHandler) return asHandler(() => handler(ctx, args));
      try {
        return await handler(ctx, args);
      } catch (error) {
        // A handler that threw synchronously is still on its caller's stack; after one turn the
        // new error's frames are the await chain, which ends at the caller's `await ctx.run...`.
        await Promise.resolve();
        throw passedOn(error, root);
      }
    };
    fn[WRAPPED] = true;
  }
}
