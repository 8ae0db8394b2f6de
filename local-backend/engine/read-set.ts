/**
 * What a query read, recorded from its syscalls, and whether a commit can change its result.
 * Point reads match by id and index ranges by evaluating the range on the changed document,
 * so a write re-runs only the queries whose answer it can affect (ARCHITECTURE §5).
 */
import { compareValues, type Value } from "convex/values";
import type { Change } from "./convex-test-internals";
import { fieldValue, rangeValue, tableOf, type Document, type RangeBound } from "./document-fields";

/**
 * A table of one component: components have their own tables (and id counters), so the same
 * name or id in two components are different things.
 */
export function tableKey(component: string, table: string): string {
  return `${component}\u0000${table}`;
}

interface QuerySource {
  type: "FullTableScan" | "IndexRange" | "Search";
  tableName?: string;
  indexName?: string;
  range?: RangeBound[];
}

interface DecodedRange {
  /** tableKey of the range's table. */
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
  /** Documents read by id, as tableKey(component, id). */
  readonly ids = new Set<string>();
  /** Tables read as a whole (full scans, search, count), as tableKey. */
  readonly tables = new Set<string>();
  readonly ranges: DecodedRange[] = [];

  /** Records the reads of one syscall made in `component`, given its operation name and JSON arguments. */
  record(op: string, argsJson: string, component: string): void {
    switch (op) {
      case "1.0/get": {
        const { id } = JSON.parse(argsJson) as { id: string };
        this.ids.add(tableKey(component, id));
        return;
      }
      case "1.0/count": {
        const { table } = JSON.parse(argsJson) as { table: string };
        this.tables.add(tableKey(component, table));
        return;
      }
      case "1.0/queryStream":
      case "1.0/queryPage": {
        const { query } = JSON.parse(argsJson) as { query: { source: QuerySource } };
        this.recordSource(query.source, component);
        return;
      }
    }
  }

  private recordSource(source: QuerySource, component: string): void {
    if (source.type === "IndexRange" && source.indexName && source.range) {
      const table = tableKey(component, source.indexName.split(".")[0]!);
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
    if (table) this.tables.add(tableKey(component, table));
  }

  /** An empty read set for a nested call whose reads are kept apart from this query's own (engine.ts). */
  apart(): ReadSet {
    return new ReadSet();
  }

  /** Adds what `other` read, as if this query had read it too. */
  merge(other: ReadSet): void {
    for (const id of other.ids) this.ids.add(id);
    for (const table of other.tables) this.tables.add(table);
    this.ranges.push(...other.ranges);
  }

  /** Every table (as tableKey) this query depends on, for indexing subscriptions by table. */
  touchedTables(): Set<string> {
    const tables = new Set(this.tables);
    for (const key of this.ids) {
      const [component, id] = key.split("\u0000") as [string, string];
      tables.add(tableKey(component, tableOf(id)));
    }
    for (const range of this.ranges) tables.add(range.table);
    return tables;
  }

  isAffectedBy(change: Change): boolean {
    const table = tableKey(change.component, change.table);
    if (this.ids.has(tableKey(change.component, change.id)) || this.tables.has(table)) return true;
    return this.ranges.some(
      (range) =>
        range.table === table &&
        ((change.before !== null && inRange(change.before, range)) ||
          (change.after !== null && inRange(change.after, range))),
    );
  }
}
