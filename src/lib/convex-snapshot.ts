/**
 * Public query results a page was prerendered with (src/prerender.tsx), carried in the page as a
 * JSON data block. The app takes the page over with them, so its first render is the prerendered
 * markup, then reads each query again (PublicConvexClient).
 */
import { convexToJson, jsonToConvex, type JSONValue, type Value } from "convex/values";

export const SNAPSHOT_ELEMENT_ID = "convex-snapshot";

/** One query's result, in Convex's JSON encoding (numbers, ids and bigints survive the trip). */
export interface SnapshotEntry {
  name: string;
  args: JSONValue;
  value: JSONValue;
}

/** Results by query key (`queryKey`). */
export type ConvexSnapshot = Record<string, SnapshotEntry>;

/** A query's identity: its function name and its arguments. */
export function queryKey(name: string, args: Record<string, Value>): string {
  return `${name}:${JSON.stringify(convexToJson(args))}`;
}

export function snapshotEntry(name: string, args: Record<string, Value>, value: Value): SnapshotEntry {
  return { name, args: convexToJson(args), value: convexToJson(value) };
}

export function snapshotValue(entry: SnapshotEntry): Value {
  return jsonToConvex(entry.value);
}

/** The data block for a page: `<` is escaped, so no text in the data can end the script early. */
export function snapshotScript(snapshot: ConvexSnapshot): string {
  const json = JSON.stringify(snapshot).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${SNAPSHOT_ELEMENT_ID}">${json}</script>`;
}

/** The snapshot the page carries, or null; a malformed one counts as none (the app reads afresh). */
export function readSnapshot(document: Document): ConvexSnapshot | null {
  const text = document.getElementById(SNAPSHOT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as ConvexSnapshot) : null;
  } catch {
    return null;
  }
}
