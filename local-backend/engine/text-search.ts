/**
 * Full text search as Convex runs it (`withSearchIndex`), where convex-test only checks that some
 * query word starts some document word. Convex splits text into runs of letters and digits,
 * drops runs of 32 bytes or more and lowercases the rest; every query term must equal a document
 * word, except the last, which may also be a prefix of one. A document matches when any term does
 * and every `eq` filter holds. Matches rank by BM25 (a prefix-only match weighs half), then newest
 * first; at most 1024 are returned. A page's cursor is its last document's place in that order.
 */
import { compareValues, jsonToConvex, type JSONValue, type Value } from "convex/values";
import { fieldValue, type Document } from "./document-fields";

/** How the Convex runtime serializes `withSearchIndex(index, q => q.search(...).eq(...))`. */
export interface SearchSource {
  type: "Search";
  indexName: string;
  filters: { type: "Search" | "Eq"; fieldPath: string; value: JSONValue }[];
}

/** A search index as the schema exports it. */
export interface SearchIndexDefinition {
  indexDescriptor: string;
  searchField: string;
  filterFields: string[];
}

const MAX_QUERY_TERMS = 16;
const MAX_TERM_BYTES = 32;
const MAX_RESULTS = 1024;
// tantivy's BM25 constants, which Convex's search uses.
const K1 = 1.2;
const B = 0.75;

const encoder = new TextEncoder();

/** Convex's analyzer: runs of letters and digits, shorter than 32 bytes, lowercased. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const [word] of text.matchAll(/[\p{Alphabetic}\p{N}]+/gu)) {
    if (encoder.encode(word).length < MAX_TERM_BYTES) tokens.push(word.toLowerCase());
  }
  return tokens;
}

/** Each document's words, counted once per document object (committed documents are never changed in place). */
type Words = { counts: Map<string, number>; length: number } | null;
const wordCounts = new WeakMap<Document, Map<string, Words>>();

function words(doc: Document, field: string): Words {
  let byField = wordCounts.get(doc);
  if (!byField) wordCounts.set(doc, (byField = new Map<string, Words>()));
  let entry = byField.get(field);
  if (entry === undefined) {
    const value = fieldValue(doc, field.split("."));
    entry = null;
    if (typeof value === "string") {
      const tokens = tokenize(value);
      const counts = new Map<string, number>();
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      entry = { counts, length: tokens.length };
    }
    byField.set(field, entry);
  }
  return entry;
}

function filterValue(json: JSONValue): Value | undefined {
  if (typeof json === "object" && json !== null && !Array.isArray(json) && "$undefined" in json) return undefined;
  return jsonToConvex(json);
}

/** Throws Convex's errors for a search that names no index, the wrong field, or no search text. */
function compile(source: SearchSource, index: SearchIndexDefinition | undefined) {
  const name = source.indexName;
  if (!index) throw new Error(`Index ${name} not found.`);
  let text: string | undefined;
  const equal: { path: string[]; value: Value | undefined }[] = [];
  for (const filter of source.filters) {
    if (filter.type === "Search") {
      if (filter.fieldPath !== index.searchField) {
        throw new Error(
          `Search query against ${name} contains a search filter against "${filter.fieldPath}", which doesn't match the indexed \`searchField\` "${index.searchField}".`,
        );
      }
      if (text !== undefined) {
        throw new Error(`Search query against ${name} contains multiple search filters against "${filter.fieldPath}". Only one is allowed.`);
      }
      if (typeof filter.value !== "string") throw new Error(`Search query against ${name} searches for a value that is not a string.`);
      text = filter.value;
    } else {
      if (!index.filterFields.includes(filter.fieldPath)) {
        throw new Error(
          `Search query against ${name} contains an equality filter on "${filter.fieldPath}" but that field isn't indexed for filtering in \`filterFields\`.`,
        );
      }
      equal.push({ path: filter.fieldPath.split("."), value: filterValue(filter.value) });
    }
  }
  if (text === undefined) {
    throw new Error(
      `Search query against ${name} does not contain any search filters. You must include a search filter like \`q.search("${index.searchField}", searchText)\`.`,
    );
  }
  return { terms: tokenize(text).slice(0, MAX_QUERY_TERMS), equal };
}

export interface RankedDocument {
  doc: Document;
  /** Where it sorts: descending score, then newest first, then id. */
  key: [number, number, string];
}

/** The documents of a table a search returns, best first. */
export function search(source: SearchSource, index: SearchIndexDefinition | undefined, docs: Iterable<Document>): RankedDocument[] {
  const { terms, equal } = compile(source, index);
  const field = index!.searchField;
  const indexed: { doc: Document; counts: Map<string, number>; length: number }[] = [];
  let totalLength = 0;
  for (const doc of docs) {
    const entry = words(doc, field);
    if (!entry) continue;
    indexed.push({ doc, ...entry });
    totalLength += entry.length;
  }
  if (terms.length === 0 || indexed.length === 0) return [];

  // The document words the query matches, each with its weight: an exact match of any term
  // weighs 1, a word only the last term is a prefix of weighs ½.
  const last = terms.length - 1;
  const boosts = new Map<string, number>();
  for (const { doc, counts } of indexed) {
    if (!equal.every(({ path, value }) => compareValues(fieldValue(doc, path), value) === 0)) continue;
    for (const word of counts.keys()) {
      if (terms.includes(word)) boosts.set(word, 1);
      else if (word.startsWith(terms[last]!) && !boosts.has(word)) boosts.set(word, 0.5);
    }
  }
  if (boosts.size === 0) return [];

  // BM25 statistics are over every indexed document of the table, as Convex's index keeps them.
  const averageLength = totalLength / indexed.length;
  const idf = new Map<string, number>();
  for (const word of boosts.keys()) {
    const frequency = indexed.filter(({ counts }) => counts.has(word)).length;
    idf.set(word, Math.log(1 + (indexed.length - frequency + 0.5) / (frequency + 0.5)));
  }
  const ranked: RankedDocument[] = [];
  for (const { doc, counts, length } of indexed) {
    if (!equal.every(({ path, value }) => compareValues(fieldValue(doc, path), value) === 0)) continue;
    let score = 0;
    for (const [word, boost] of boosts) {
      const tf = counts.get(word);
      if (!tf) continue;
      score += boost * idf.get(word)! * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / averageLength)));
    }
    if (score > 0) ranked.push({ doc, key: [-score, -doc._creationTime, doc._id] });
  }
  ranked.sort((a, b) => compareKeys(a.key, b.key));
  return ranked.slice(0, MAX_RESULTS);
}

function compareKeys(a: RankedDocument["key"], b: RankedDocument["key"]): number {
  return a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
}

/** The end of the results, as convex-test and the engine's page journal spell it. */
const END_CURSOR = "_end_cursor";

export interface SearchPageRequest {
  cursor: string | null;
  endCursor?: string | null;
  pageSize: number;
}

/**
 * A page of ranked results after `cursor`: `pageSize` matches, or with an end cursor (a re-run of
 * a page) everything up to it. A full page is not done, as on Convex: the next one may be empty.
 */
export function searchPage(ranked: RankedDocument[], keep: (doc: Document) => boolean, request: SearchPageRequest) {
  const parse = (cursor: string) => JSON.parse(cursor) as RankedDocument["key"];
  if (request.cursor === END_CURSOR) return { page: [], isDone: true, continueCursor: END_CURSOR, splitCursor: null, pageStatus: null };
  const after = request.cursor === null ? null : parse(request.cursor);
  const until = request.endCursor && request.endCursor !== END_CURSOR ? parse(request.endCursor) : null;
  const page: Document[] = [];
  let continueCursor = request.endCursor ?? END_CURSOR;
  for (const { doc, key } of ranked) {
    if (after && compareKeys(key, after) <= 0) continue;
    if (until && compareKeys(key, until) > 0) break;
    if (keep(doc)) page.push(doc);
    if (!request.endCursor && page.length >= request.pageSize) {
      continueCursor = JSON.stringify(key);
      break;
    }
  }
  return { page, isDone: continueCursor === END_CURSOR, continueCursor, splitCursor: null, pageStatus: null };
}
