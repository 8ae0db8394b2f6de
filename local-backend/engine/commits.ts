/** What a commit changed: the shape the engine reports and the snapshots, the log and live queries read. */
import type { Document } from "./document-fields";

export interface Change {
  /** The component whose database changed ("" for the app); ids and tables are its own. */
  component: string;
  id: string;
  table: string;
  before: Document | null;
  after: Document | null;
}

/** A component database's id counter and last creation time, so a replay restores both. */
export interface Counters {
  nextDocId: number;
  lastCreationTime: number;
}

export interface CommitEvent {
  ts: bigint;
  changes: Change[];
  /** The counters, after the commit, of every component it wrote to. */
  counters: Record<string, Counters>;
}
