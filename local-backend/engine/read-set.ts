/**
 * What a query read, recorded from its syscalls, and whether a commit can change its result.
 * Point reads match by id and index ranges by evaluating the range on the changed document,
 * so a write re-runs only the queries whose answer it can affect (ARCHITECTURE §5).
 */
import { compareValues, type JSONValue, type Value } from "convex/values";
import { tableOf, type Change, type Document } from "./convex-test-internals";
import { fieldValue, rangeValue } from "./document-fields";

interface RangeBound {
  type: "Eq" | "Gt" | "Gte" | "Lt" | "Lte";
  fieldPath: string;
  value: JSONValue;
}

interface QuerySource {
  type: "FullTableScan" | "IndexRange" | "Search";
  tableName?: string;
  indexName?: string;
  range?: RangeBound[];
}

interface DecodedRange {
  table: string;
  bounds: { type: RangeBound["type"]; path: string[]; value: Value | undefined }[];
}

function inRange(doc: Document, range: DecodedRange): boolean {
  return range.bounds.every(({ type, path, value }) => {
    const cmp = compareValues(fieldValue(doc, path), value);
    switch (type) {
      case "Eq":
        return cmp === 0;
      case "Gt":
        return cmp > 0;
      case "Gte":
        return cmp >= 0;
      case "Lt":
        return cmp < 0;
      case "Lte":
        return cmp <= 0;
    }
  });
}

export class ReadSet {
  readonly ids = new Set<string>();
  /** Tables read as a whole: full scans, search, count. */
  readonly tables = new Set<string>();
  readonly ranges: DecodedRange[] = [];

  /** Records the reads of one syscall, given its operation name and JSON arguments. */
  record(op: string, argsJson: string): void {
    switch (op) {
      case "1.0/get": {
        const { id } = JSON.parse(argsJson) as { id: string };
        this.ids.add(id);
        return;
      }
      case "1.0/count": {
        const { table } = JSON.parse(argsJson) as { table: string };
        this.tables.add(table);
        return;
      }
      case "1.0/queryStream":
      case "1.0/queryPage": {
        const { query } = JSON.parse(argsJson) as { query: { source: QuerySource } };
        this.recordSource(query.source);
        return;
      }
    }
  }

  private recordSource(source: QuerySource): void {
    if (source.type === "IndexRange" && source.indexName && source.range) {
      const table = source.indexName.split(".")[0]!;
      this.ranges.push({
        table,
        bounds: source.range.map((bound) => ({
          type: bound.type,
          path: bound.fieldPath.split("."),
          value: rangeValue(bound.value),
        })),
      });
      return;
    }
    const table = source.tableName ?? source.indexName?.split(".")[0];
    if (table) this.tables.add(table);
  }

  /** Every table this query depends on, for indexing subscriptions by table. */
  touchedTables(): Set<string> {
    const tables = new Set(this.tables);
    for (const id of this.ids) tables.add(tableOf(id));
    for (const range of this.ranges) tables.add(range.table);
    return tables;
  }

  isAffectedBy(change: Change): boolean {
    if (this.ids.has(change.id) || this.tables.has(change.table)) return true;
    return this.ranges.some(
      (range) =>
        range.table === change.table &&
        ((change.before !== null && inRange(change.before, range)) ||
          (change.after !== null && inRange(change.after, range))),
    );
  }
}
