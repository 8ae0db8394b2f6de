/** The shape of stored documents and index bounds, shared by the engine, its table store and read sets. */
import { jsonToConvex, type JSONValue, type Value } from "convex/values";

export type Document = Record<string, Value> & { _id: string; _creationTime: number };

/** A bound of an index range, as the Convex runtime serializes it. */
export interface RangeBound {
  type: "Eq" | "Gt" | "Gte" | "Lt" | "Lte";
  fieldPath: string;
  value: JSONValue;
}

/** convex-test encodes the table name after the numeric counter of every id. */
export function tableOf(id: string): string {
  return id.replace(/^[0-9]+/, "");
}

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
