/**
 * Committed documents by table, with sorted indexes built on first use and kept current on
 * every commit. An index range is found by binary search, so an indexed read costs
 * O(log n + rows in range) however large its table or any other table is.
 */
import { compareValues, type Value } from "convex/values";
import { fieldValue, rangeValue, type Document, type RangeBound } from "./document-fields";

/** Compares the first `values.length` index fields of `doc` with `values`. */
function comparePrefix(doc: Document, paths: string[][], values: (Value | undefined)[]): number {
  for (let i = 0; i < values.length; i++) {
    const cmp = compareValues(fieldValue(doc, paths[i]!), values[i]);
    if (cmp !== 0) return cmp;
  }
  return 0;
}

class SortedIndex {
  private readonly docs: Document[];
  private readonly paths: string[][];

  constructor(fields: string[], docs: Iterable<Document>) {
    this.paths = fields.map((field) => field.split("."));
    this.docs = [...docs].sort((a, b) => this.compare(a, b));
  }

  private compare(a: Document, b: Document): number {
    for (const path of this.paths) {
      const cmp = compareValues(fieldValue(a, path), fieldValue(b, path));
      if (cmp !== 0) return cmp;
    }
    return 0;
  }

  /** First position whose document is not "before" (binary search). */
  private bisect(before: (doc: Document) => boolean): number {
    let low = 0;
    let high = this.docs.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(this.docs[mid]!)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  insert(doc: Document) {
    this.docs.splice(
      this.bisect((d) => this.compare(d, doc) < 0),
      0,
      doc,
    );
  }

  remove(doc: Document) {
    const at = this.bisect((d) => this.compare(d, doc) < 0);
    if (this.docs[at]?._id === doc._id) this.docs.splice(at, 1);
  }

  /**
   * Documents in an index range: equalities on a prefix of the fields, then optional lower and
   * upper bounds on the next field. Both ends are found by binary search, and `window` takes only
   * the first `limit` documents in `order`. Null when the range has another shape (the caller scans).
   */
  range(bounds: RangeBound[], window?: Window): Document[] | null {
    const equal: (Value | undefined)[] = [];
    let lower: RangeBound | undefined;
    let upper: RangeBound | undefined;
    for (const bound of bounds) {
      const position = this.paths.findIndex((path) => path.join(".") === bound.fieldPath);
      if (bound.type === "Eq" && position === equal.length && !lower && !upper) {
        equal.push(rangeValue(bound.value));
      } else if ((bound.type === "Gt" || bound.type === "Gte") && position === equal.length && !lower) {
        lower = bound;
      } else if ((bound.type === "Lt" || bound.type === "Lte") && position === equal.length && !upper) {
        upper = bound;
      } else {
        return null;
      }
    }
    const lowerKey = lower ? [...equal, rangeValue(lower.value)] : equal;
    const start = this.bisect((doc) => {
      const cmp = comparePrefix(doc, this.paths, lowerKey);
      return cmp < 0 || (cmp === 0 && lower?.type === "Gt");
    });
    const upperKey = upper ? [...equal, rangeValue(upper.value)] : equal;
    const end = this.bisect((doc) => {
      const cmp = comparePrefix(doc, this.paths, upperKey);
      return cmp < 0 || (cmp === 0 && upper?.type !== "Lt");
    });
    if (end <= start) return [];
    if (!window) return this.docs.slice(start, end);
    const size = Math.min(window.limit, end - start);
    return window.order === "asc" ? this.docs.slice(start, start + size) : this.docs.slice(end - size, end).reverse();
  }
}

/** The part of a range a limited query reads: its first `limit` documents in `order`. */
export interface Window {
  order: "asc" | "desc";
  limit: number;
}

export class TableStore {
  private readonly tables = new Map<string, Map<string, Document>>();
  private readonly indexes = new Map<string, SortedIndex>();

  /** `indexFields` names an index's fields, ending with _creationTime and _id, or undefined. */
  constructor(private readonly indexFields: (table: string, index: string) => string[] | undefined) {}

  load(docs: Iterable<Document>, tableOf: (id: string) => string) {
    this.tables.clear();
    this.indexes.clear();
    for (const doc of docs) this.table(tableOf(doc._id)).set(doc._id, doc);
  }

  table(name: string): Map<string, Document> {
    let table = this.tables.get(name);
    if (!table) this.tables.set(name, (table = new Map<string, Document>()));
    return table;
  }

  apply(table: string, before: Document | null, after: Document | null) {
    const docs = this.table(table);
    for (const [key, index] of this.indexes) {
      if (!key.startsWith(`${table}.`)) continue;
      if (before) index.remove(before);
      if (after) index.insert(after);
    }
    if (after) docs.set(after._id, after);
    else if (before) docs.delete(before._id);
  }

  /** Committed documents in an index range (or a window of it), or null when it must be found by a scan. */
  range(table: string, index: string, bounds: RangeBound[], window?: Window): Document[] | null {
    const key = `${table}.${index}`;
    let sorted = this.indexes.get(key);
    if (!sorted) {
      const fields = this.indexFields(table, index);
      if (!fields) return null;
      sorted = new SortedIndex(fields, this.table(table).values());
      this.indexes.set(key, sorted);
    }
    return sorted.range(bounds, window);
  }
}
