import { compareValues, type Value } from "convex/values";
import { describe, expect, it } from "vitest";
import { rangeValue, tableOf, type Document, type RangeBound } from "./document-fields";
import { TableStore } from "./table-store";

const FIELDS = ["team", "score", "_creationTime", "_id"];

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

function doc(i: number, team: string, score: number | undefined): Document {
  const d: Record<string, Value> = { _id: `${String(10000 + i).padStart(24, "0")}players`, _creationTime: 1000 + i, team };
  if (score !== undefined) d.score = score;
  return d as Document;
}

/** What the index must return: every document satisfying the bounds, in index order. */
function bruteForce(docs: Document[], bounds: RangeBound[]) {
  const ok = (d: Document) =>
    bounds.every((b) => {
      const cmp = compareValues(d[b.fieldPath], rangeValue(b.value));
      return { Eq: cmp === 0, Gt: cmp > 0, Gte: cmp >= 0, Lt: cmp < 0, Lte: cmp <= 0 }[b.type];
    });
  return docs
    .filter(ok)
    .sort((a, b) => {
      for (const f of FIELDS) {
        const cmp = compareValues(a[f], b[f]);
        if (cmp !== 0) return cmp;
      }
      return 0;
    })
    .map((d) => d._id);
}

describe("TableStore", () => {
  it("finds exactly the documents of any index range or window of one, through inserts and deletes", () => {
    const next = random(7);
    const teams = ["a", "b", "c"];
    const docs = Array.from({ length: 300 }, (_, i) =>
      doc(i, teams[Math.floor(next() * 3)]!, next() < 0.1 ? undefined : Math.floor(next() * 20)),
    );
    const store = new TableStore((_table, index) => (index === "by_team_score" ? FIELDS : undefined));
    store.load(docs, tableOf);
    expect(store.range("players", "by_team_score", [])).toHaveLength(300);

    for (let round = 0; round < 200; round++) {
      if (round % 10 === 0) {
        const removed = docs.splice(Math.floor(next() * docs.length), 1)[0]!;
        store.apply("players", removed, null);
        const added = doc(1000 + round, teams[Math.floor(next() * 3)]!, Math.floor(next() * 20));
        docs.push(added);
        store.apply("players", null, added);
      }
      const team = teams[Math.floor(next() * 3)]!;
      const bounds: RangeBound[] = [{ type: "Eq", fieldPath: "team", value: team }];
      if (next() < 0.1) {
        // How the runtime sends `q.eq("score", undefined)`: documents without the field.
        bounds.push({ type: "Eq", fieldPath: "score", value: { $undefined: null } });
      } else {
        if (next() < 0.5) bounds.push({ type: next() < 0.5 ? "Gt" : "Gte", fieldPath: "score", value: Math.floor(next() * 20) });
        if (next() < 0.5) bounds.push({ type: next() < 0.5 ? "Lt" : "Lte", fieldPath: "score", value: Math.floor(next() * 20) });
      }
      const expected = bruteForce(docs, bounds);
      expect(store.range("players", "by_team_score", bounds)!.map((d) => d._id)).toEqual(expected);
      const window = { order: next() < 0.5 ? ("asc" as const) : ("desc" as const), limit: 1 + Math.floor(next() * 10) };
      const inOrder = window.order === "asc" ? expected : [...expected].reverse();
      expect(store.range("players", "by_team_score", bounds, window)!.map((d) => d._id)).toEqual(inOrder.slice(0, window.limit));
    }
  });

  it("answers null for unknown indexes and range shapes it cannot search", () => {
    const store = new TableStore(() => FIELDS);
    store.load([doc(1, "a", 1)], tableOf);
    expect(store.range("players", "by_team_score", [{ type: "Eq", fieldPath: "score", value: 1 }])).toBeNull();
    expect(new TableStore(() => undefined).range("players", "nope", [])).toBeNull();
  });
});
