import { jsonToConvex, type JSONValue, type Value } from "convex/values";
import type { Document } from "./convex-test-internals";

/** A document's value at a dotted field path, as Convex reads it (undefined when absent). */
export function fieldValue(doc: Document, path: string[]): Value | undefined {
  let current: Value | undefined = doc;
  for (const key of path) {
    if (current === null || typeof current !== "object" || Array.isArray(current) || current instanceof ArrayBuffer) {
      return undefined;
    }
    current = (current as Record<string, Value>)[key];
  }
  return current;
}

/** An index range bound's value; the Convex runtime sends an undefined one as `{ $undefined: null }`. */
export function rangeValue(json: JSONValue): Value | undefined {
  if (typeof json === "object" && json !== null && !Array.isArray(json) && "$undefined" in json) return undefined;
  return jsonToConvex(json);
}
