/**
 * Function errors as Convex reports them. A client sees
 *
 *     [Request ID: 0123456789abcdef] Server Error
 *     Uncaught ConvexError: Boom
 *         at <anonymous> (../convex/messages.ts:8:9)
 *
 * The lines after the first are the error's "JS error" text: `Uncaught <name>: <message>` and the
 * frames of the developer's own files, paths relative to the bundle (`../convex/...`). When a
 * function calls another (ctx.runQuery and friends) and that one fails, the caller receives an
 * error whose message is the callee's JS error text, so the chain reads outermost first.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { convexToJson, type JSONValue, type Value } from "convex/values";

/** This backend's own sources: their frames are the runtime, not the developer's code. */
const BACKEND_DIR = path.resolve(import.meta.dirname, "..");
const insideBackend = (file: string) => !path.relative(BACKEND_DIR, file).startsWith("..");

/** An error Convex produced rather than the function threw: shown without "Uncaught" or frames. */
export class SystemError extends Error {}

export interface JsError {
  /** `Uncaught <name>: <message>`, or a system error's text. */
  message: string;
  /** One line per frame of the developer's code, each ending in a newline. */
  frames: string;
  /** A ConvexError's data, as JSON. */
  data?: JSONValue;
}

/** The JS error text: message, then its frames. */
export function jsErrorText(error: JsError): string {
  return `${error.message}\n${error.frames}`;
}

/** Convex's request ids are 16 hex digits. */
export function requestId(): string {
  return randomBytes(8).toString("hex");
}

export function serverErrorMessage(error: JsError, id = requestId()): string {
  return `[Request ID: ${id}] Server Error\n${jsErrorText(error)}`;
}

interface Frame {
  isAsync: boolean;
  name: string | undefined;
  file: string;
  line: string;
  column: string;
}

function parseFrame(line: string): Frame | undefined {
  const match = /^\s*at (async )?(?:(.*?) \((.*)\)|(.*))$/.exec(line);
  if (!match) return undefined;
  const location = /^(.*):(\d+):(\d+)$/.exec(match[3] ?? match[4] ?? "");
  if (!location) return undefined;
  let file = location[1]!.replace(/\?.*$/, "");
  if (file.startsWith("file://")) file = fileURLToPath(file);
  return { isAsync: match[1] !== undefined, name: match[2], file, line: location[2]!, column: location[3]! };
}

/**
 * Formats the frames of a stack that are in the developer's files (under `root`, outside
 * node_modules and this backend), as Convex's runtime prints them.
 */
function userFrames(stack: string, root: string): string {
  let text = "";
  for (const line of stack.split("\n")) {
    const frame = parseFrame(line);
    if (!frame || !path.isAbsolute(frame.file)) continue;
    const relative = path.relative(root, frame.file);
    if (relative.startsWith("..") || relative.split(path.sep).includes("node_modules")) continue;
    if (insideBackend(frame.file) && !insideBackend(root)) continue;
    const name = frame.name && frame.name !== "Object.<anonymous>" ? frame.name : "<anonymous>";
    const location = `../${relative.split(path.sep).join("/")}:${frame.line}:${frame.column}`;
    text += `    at ${frame.isAsync ? "async " : ""}${name} (${location})\n`;
  }
  return text;
}

/**
 * What a thrown value becomes: `root` is the folder the functions folder sits in (the bundle's
 * `..`), which every frame path is relative to.
 */
export function toJsError(error: unknown, root: string): JsError {
  if (error instanceof SystemError) return { message: error.message, frames: "" };
  if (!(error instanceof Error)) return { message: `Uncaught ${String(error)}`, frames: "" };
  // convex-test validates arguments with the same checks as documents; Convex names the failure.
  if (error.message.startsWith("Validator error: ") && error.stack?.includes("validateFunctionArgs")) {
    return { message: `ArgumentValidationError: ${error.message.slice("Validator error: ".length)}`, frames: "" };
  }
  const data = (error as { data?: Value }).data;
  return {
    message: error.message === "" ? `Uncaught ${error.name}` : `Uncaught ${error.name}: ${error.message}`,
    frames: userFrames(error.stack ?? "", root),
    ...(data === undefined ? {} : { data: convexToJson(data) }),
  };
}
