import type { Value } from "convex/values";
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
