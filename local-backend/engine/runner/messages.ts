/**
 * What the backend and its function runners (worker threads) say to each other. Values cross as
 * Convex JSON text, as they do between Convex's database and its isolates; files (Blob) and
 * http bodies cross by structured clone.
 */
import { ConvexError, convexToJson, jsonToConvex, type Value } from "convex/values";

export type RunKind = "query" | "mutation" | "action" | "http";

/** Where a function's code is: its module file and export. */
export interface FunctionLocation {
  file: string;
  exportName: string;
}

export interface HttpRequestData {
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

export interface HttpResponseData {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
}

/** The environment a function sees, sent with each call (a component's differs from the app's). */
export interface CallEnvironment {
  /** A component's variables (only these, as on Convex); undefined for the app, which sees the process's. */
  component?: Record<string, string | undefined>;
  /** CONVEX_CLOUD_URL, CONVEX_SITE_URL: every function sees the deployment's. */
  platform: Record<string, string | undefined>;
}

export type ToRunner =
  | {
      type: "invoke";
      callId: number;
      kind: Exclude<RunKind, "http">;
      location: FunctionLocation;
      /** `[args]` as Convex JSON text, as `invokeQuery` takes it. */
      args: string;
      env: CallEnvironment;
      clockOffsetMs: number | undefined;
    }
  | {
      type: "invokeHttp";
      callId: number;
      /** The http.ts module of the app. */
      file: string;
      request: HttpRequestData;
      env: CallEnvironment;
      clockOffsetMs: number | undefined;
    }
  | { type: "syscallResult"; id: number; ok: true; value: unknown }
  | { type: "syscallResult"; id: number; ok: false; error: SerializedError }
  | { type: "warm"; files: string[] };

export type FromRunner =
  | { type: "ready"; cpuStat: string | null }
  | { type: "beat" }
  /** The runner started (true) or finished (false) loading a call's module, or one ahead of any call (WARMING). */
  | { type: "loading"; callId: number; loading: boolean }
  | { type: "syscall"; id: number; callId: number; op: string; json: string }
  | { type: "jsSyscall"; id: number; callId: number; op: string; args: Record<string, unknown> }
  | { type: "log"; callId: number; line: string }
  | { type: "result"; callId: number; ok: true; value: string }
  | { type: "httpResult"; callId: number; ok: true; response: HttpResponseData }
  | { type: "result" | "httpResult"; callId: number; ok: false; error: SerializedError }
  /** An error a call's own async work left uncaught: it fails that call. */
  | { type: "stray"; callId: number | null; kind: "uncaughtException" | "unhandledRejection"; error: SerializedError };

/** A blocking syscall, sent on the runner's own port while the runner waits on a shared flag. */
export interface BlockingRequest {
  /** The request's number, which its answer carries and the shared flag then holds. */
  id: number;
  callId: number;
  op: string;
  json: string;
  /** Made with `Convex.syscall` rather than `Convex.asyncSyscall`. */
  sync: boolean;
}
export type BlockingReply = { id: number } & ({ ok: true; value: string } | { ok: false; error: SerializedError });

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  /** A ConvexError's data, as Convex JSON text. */
  data?: string;
  /** A thrown value that is not an Error. */
  thrown?: string;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), thrown: String(error) };
  const data = (error as { data?: Value }).data;
  return {
    name: error.name,
    message: error.message,
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    ...(data === undefined ? {} : { data: JSON.stringify(convexToJson(data)) }),
  };
}

/** The error again, on the other side: same name, message, frames and ConvexError data. */
export function deserializeError(serialized: SerializedError): unknown {
  if (serialized.thrown !== undefined) return serialized.thrown;
  const error = serialized.data === undefined ? new Error(serialized.message) : new ConvexError<Value>(serialized.message);
  if (serialized.data !== undefined) (error as ConvexError<Value>).data = jsonToConvex(JSON.parse(serialized.data) as never);
  // The class is ours, the name the original's: error texts read `Uncaught <name>: <message>`.
  Object.defineProperty(error, "name", { value: serialized.name, configurable: true, writable: true });
  error.stack = serialized.stack ?? `${serialized.name}: ${serialized.message}`;
  return error;
}

/** A Headers object as pairs (this TypeScript lib does not type Headers as iterable). */
export function headerPairs(headers: Headers): [string, string][] {
  const pairs: [string, string][] = [];
  headers.forEach((value, name) => pairs.push([name, value]));
  return pairs;
}

/** The call id under which a runner reports loading modules ahead (while idle): no call has id 0. */
export const WARMING = 0;
