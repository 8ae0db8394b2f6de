/**
 * Checks Convex's runtime makes on a function's syscalls that convex-test does not:
 *
 * - system tables are reached only through `db.system` and never written (`db.get`, `db.patch`,
 *   `db.replace` and `db.delete` with a `_scheduled_functions` or `_storage` id fail, and
 *   `db.system.get` with a user table's id fails);
 * - an index declared `staged: true` exists but cannot be queried;
 * - canceling a scheduled job that already finished changes nothing, and a canceled job gets its
 *   completion time;
 * - the test syscalls `throwOcc` and `throwOverloaded` fail the call the way a write conflict or
 *   an overloaded backend does.
 */
import { SystemError } from "./errors";

type Syscall = (op: string, json: string) => string;
type AsyncSyscall = (op: string, json: string) => Promise<string>;

/** A table's indexes as the schema exports them (staged ones in their own lists). */
export interface TableIndexes {
  stagedDbIndexes?: { indexDescriptor: string }[];
  stagedSearchIndexes?: { indexDescriptor: string }[];
  stagedVectorIndexes?: { indexDescriptor: string }[];
}

/** What the rules need of the running component's database. */
export interface RulesDatabase {
  _schema: { tables: Map<string, TableIndexes> } | null;
  get(table: string, id: string): Record<string, unknown> | null;
  patch(table: string, id: string, value: Record<string, unknown>): void;
}

/**
 * A failure Convex reports as the request's, not the function's: HTTP clients get `status` with
 * `{ code, message }`, and a WebSocket client is disconnected and retries (close code 1013).
 */
export class RetryableError extends SystemError {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 503,
  ) {
    super(message);
  }
}

const OCC_MESSAGE =
  "Documents read from or written to some table changed while this mutation was being run and on every subsequent retry. See https://docs.convex.dev/error#1";

/** Tables whose names start with "_" are Convex's own. */
function systemTableOf(id: unknown): boolean | undefined {
  if (typeof id !== "string") return undefined;
  const table = /^[0-9]+(.+)$/.exec(id)?.[1];
  return table === undefined ? undefined : table.startsWith("_");
}

function guardSystemTable(isSystemTable: boolean | undefined, throughSystem: boolean) {
  if (isSystemTable === undefined) return;
  if (throughSystem && !isSystemTable) throw new Error("User tables cannot be accessed with db.system.");
  if (!throughSystem && isSystemTable) throw new Error("System tables can only be accessed with db.system.");
}

const STAGED_LIST = { IndexRange: "stagedDbIndexes", Search: "stagedSearchIndexes", Vector: "stagedVectorIndexes" } as const;

/** Throws when a query or vector search reads through an index that is still staged. */
function guardStaged(db: RulesDatabase, kind: keyof typeof STAGED_LIST, indexName: unknown) {
  if (typeof indexName !== "string") return;
  const [table = "", index] = indexName.split(".");
  const staged = db._schema?.tables.get(table)?.[STAGED_LIST[kind]];
  if (staged?.some((i) => i.indexDescriptor === index)) {
    throw new Error(`Index ${indexName} is currently staged and not available to query until it is enabled.`);
  }
}

interface QueryArgs {
  query?: { source?: { type?: string; indexName?: string } };
}

function guardQuery(db: RulesDatabase, args: QueryArgs) {
  const source = args.query?.source;
  if (source?.type === "IndexRange" || source?.type === "Search") guardStaged(db, source.type, source.indexName);
}

export function syncRules(next: Syscall, db: () => RulesDatabase): Syscall {
  return (op, json) => {
    if (op === "throwOcc") throw new RetryableError("OptimisticConcurrencyControlFailure", OCC_MESSAGE);
    if (op === "throwOverloaded") throw new RetryableError("Busy", "I'm a bit busy.");
    if (op === "1.0/queryStream") guardQuery(db(), JSON.parse(json) as QueryArgs);
    return next(op, json);
  };
}

/** `isHost`: whether the backend itself is running a transaction (it keeps `_scheduled_functions`). */
export function asyncRules(next: AsyncSyscall, db: () => RulesDatabase, isHost: () => boolean): AsyncSyscall {
  return async (op, json) => {
    switch (op) {
      case "1.0/get": {
        const { id, isSystem } = JSON.parse(json) as { id?: unknown; isSystem?: boolean };
        guardSystemTable(systemTableOf(id), isSystem === true);
        break;
      }
      case "1.0/shallowMerge":
      case "1.0/replace":
      case "1.0/remove":
        if (!isHost()) guardSystemTable(systemTableOf((JSON.parse(json) as { id?: unknown }).id), false);
        break;
      case "1.0/queryPage":
        guardQuery(db(), JSON.parse(json) as QueryArgs);
        break;
      case "1.0/actions/vectorSearch":
        guardStaged(db(), "Vector", (JSON.parse(json) as { query?: { indexName?: string } }).query?.indexName);
        break;
      case "1.0/cancel_job": {
        const { id } = JSON.parse(json) as { id: string };
        const state = (db().get("_scheduled_functions", id)?.state as { kind?: string } | undefined)?.kind;
        // Only a job that has not finished is canceled; canceling is then its completion.
        if (state === "pending" || state === "inProgress") {
          db().patch("_scheduled_functions", id, { state: { kind: "canceled" }, completedTime: Date.now() });
        }
        return JSON.stringify({});
      }
    }
    return next(op, json);
  };
}
