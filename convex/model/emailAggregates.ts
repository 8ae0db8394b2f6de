/**
 * The outbox counted by `@convex-dev/aggregate` as rows are written: the health tab counts
 * e-mails of a status over any time window (the last day, the last hour, since midnight), a range
 * that fixed buckets cannot answer. Every write to `emailOutbox` goes through the helpers of
 * convex/email.ts that keep it in step, in the same transaction. (The event counts are folded
 * into rows of their own instead: model/emailRollups.ts.)
 */
import { TableAggregate } from "@convex-dev/aggregate";
import { components } from "../_generated/api";
import type { DataModel } from "../_generated/dataModel";

/** Every e-mail by status, then when it was queued: queue depth, throughput, quota use. */
export const outboxByStatus = new TableAggregate<{
  Key: [string, number];
  DataModel: DataModel;
  TableName: "emailOutbox";
}>(components.outboxByStatus, {
  sortKey: (row) => [row.status, row.createdAt],
});
