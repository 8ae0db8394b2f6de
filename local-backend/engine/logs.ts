/**
 * Function console output as Convex's log lines: `[LOG] 'text'`, returned with the call's result
 * (HTTP API `logLines`, sync protocol `logLines`) for the client to print.
 *
 * Every function runs in this process and shares one `console`, so its methods are replaced once
 * and a line belongs to the call whose async context logged it (AsyncLocalStorage): concurrent
 * calls never mix their lines. Lines are also printed to the backend's own output, as before.
 * Output outside any call (the backend's own) goes to the console unchanged.
 *
 * Formatting follows Convex's Node runtime (which every function here shares): each argument is
 * inspected (strings quoted, the timer texts too), `time`, `timeLog` and `timeEnd` keep per-call
 * timers, at most 256 lines per call (the last one says the rest were omitted) and 32768
 * characters per line.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { fileURLToPath } from "node:url";
import { inspect } from "node:util";

const MAX_LOG_LINES = 256;
const MAX_LOG_LINE_LENGTH = 32768;
const TRUNCATED_SUFFIX = " (truncated due to length)";

type Level = "LOG" | "INFO" | "WARN" | "ERROR" | "DEBUG";

interface CallLog {
  timers: Map<string, number>;
  /** Where a formatted line goes: kept for the call's answer, or sent on to the backend (a function runner). */
  emit(level: Level, text: string): void;
}

const running = new AsyncLocalStorage<CallLog>();
type ConsoleMethod = (...args: unknown[]) => void;
const PRINT: Record<Level, "log" | "info" | "warn" | "error" | "debug"> = {
  LOG: "log",
  INFO: "info",
  WARN: "warn",
  ERROR: "error",
  DEBUG: "debug",
};
let original: Record<Level, ConsoleMethod> | undefined;

function messages(args: unknown[]): string[] {
  return args.map((arg) => inspect(arg, { maxStringLength: MAX_LOG_LINE_LENGTH, customInspect: true }));
}

function line(level: Level, parts: string[]): string {
  const text = parts.join(" ");
  return text.length <= MAX_LOG_LINE_LENGTH ? `[${level}] ${text}` : `[${level}] ${text.slice(0, MAX_LOG_LINE_LENGTH)}${TRUNCATED_SUFFIX}`;
}

function emit(log: CallLog, level: Level, args: unknown[]) {
  emitParts(log, level, messages(args));
}

function emitParts(log: CallLog, level: Level, parts: string[]) {
  log.emit(level, line(level, parts));
}

/** Keeps a line for the call's answer, at most MAX_LOG_LINES (the last slot is kept for the overflow notice). */
function keep(lines: string[], level: Level, text: string) {
  original![level](text);
  if (lines.length < MAX_LOG_LINES - 1) lines.push(text);
  else if (lines.length === MAX_LOG_LINES - 1) lines.push(`[ERROR] Log overflow (maximum ${MAX_LOG_LINES}). Remaining log lines omitted.`);
}

/** A timer's label as Convex's runtime makes it: the value's own toString(). */
function label(value: unknown): string {
  return value === undefined ? "default" : value === null ? "null" : (value as { toString(): string }).toString();
}

/** Replaces the console's methods once; each one captures inside a call and passes through outside. */
function install() {
  if (original) return;
  const saved = Object.fromEntries(
    Object.entries(PRINT).map(([level, method]) => [level, (console[method] as ConsoleMethod).bind(console)]),
  ) as Record<Level, ConsoleMethod>;
  original = saved;
  const replace = (method: keyof Console, capture: (log: CallLog, args: unknown[]) => void) => {
    const passThrough = (console[method] as ConsoleMethod).bind(console);
    (console as unknown as Record<string, ConsoleMethod>)[method] = (...args: unknown[]) => {
      const log = running.getStore();
      if (log) capture(log, args);
      else passThrough(...args);
    };
  };
  for (const [level, method] of Object.entries(PRINT) as [Level, keyof Console][]) {
    replace(method, (log, args) => emit(log, level, args));
  }
  replace("trace", (log, args) => {
    // The function's own frames: below this module's, above the runtime that called it.
    const frames: string[] = [];
    for (const frame of (new Error().stack ?? "").split("\n").slice(3)) {
      if (/\(node:|at node:|[/\\]node_modules[/\\]/.test(frame)) break;
      // Module URLs as paths, without the loader's query.
      frames.push(frame.replace(/file:\/\/([^?:)]*)(\?[^:)]*)?/, (_, file: string) => fileURLToPath(`file://${file}`)));
    }
    emitParts(log, "LOG", [...messages(args), ["Trace", ...frames].join("\n")]);
  });
  replace("time", (log, [name]) => {
    const key = label(name);
    if (log.timers.has(key)) emit(log, "WARN", [`Timer '${key}' already exists`]);
    else log.timers.set(key, Date.now());
  });
  replace("timeLog", (log, [name, ...args]) => {
    const key = label(name);
    const start = log.timers.get(key);
    if (start === undefined) emit(log, "WARN", [`Timer '${key}' does not exist`]);
    else emit(log, "INFO", [`${key}: ${Date.now() - start}ms`, ...args]);
  });
  replace("timeEnd", (log, [name]) => {
    const key = label(name);
    const start = log.timers.get(key);
    if (start === undefined) return emit(log, "WARN", [`Timer '${key}' does not exist`]);
    log.timers.delete(key);
    emit(log, "INFO", [`${key}: ${Date.now() - start}ms`]);
  });
}

/**
 * Runs one call and returns its result with the lines it logged before answering (none: no
 * `logLines`). Work it leaves behind keeps logging to the backend's output, but its lines are no longer sent.
 */
export async function withLogLines<T extends object>(fn: () => Promise<T>): Promise<T & { logLines?: string[] }> {
  install();
  const lines: string[] = [];
  const log: CallLog = { timers: new Map(), emit: (level, text) => keep(lines, level, text) };
  const result = await running.run(log, fn);
  return lines.length ? { ...result, logLines: lines.slice() } : result;
}

const LEVEL_OF_LINE = /^\[(LOG|INFO|WARN|ERROR|DEBUG)\] /;

/**
 * A line a function runner forwarded, kept for the call whose async context this runs in (the
 * function's caller in the backend), as if that call had logged it.
 */
export function appendLogLine(text: string) {
  install();
  const log = running.getStore();
  const level = (LEVEL_OF_LINE.exec(text)?.[1] ?? "LOG") as Level;
  if (log) log.emit(level, text);
  else original![level](text);
}

/** In a function runner: runs one call whose lines, formatted as Convex's, each go to `send`. */
export function withForwardedLogs<T>(send: (line: string) => void, fn: () => Promise<T>): Promise<T> {
  install();
  return running.run({ timers: new Map(), emit: (_level, text) => send(text) }, fn);
}
