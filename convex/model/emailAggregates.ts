/**
 * The e-mail system's counts, kept by `@convex-dev/aggregate` as rows are written, so the
 * dashboard reads O(log n) counts instead of scanning events (issue: 1,000,000 events). Every
 * write to `emailEvents` and `emailOutbox` goes through the helpers that keep these in step,
 * in the same transaction.
 */
import { TableAggregate } from "@convex-dev/aggregate";
import { components } from "../_generated/api";
import type { DataModel, Id } from "../_generated/dataModel";

/**
 * Per campaign: events by type, variant, then time. Counts of one type, of one variant's type,
 * or of one variant's type over a time range (the campaign's timeline).
 */
export const eventsByCampaign = new TableAggregate<{
  Namespace: Id<"emailCampaigns">;
  Key: [string, number, number];
  DataModel: DataModel;
  TableName: "emailEvents";
}>(components.emailEventsByCampaign, {
  namespace: (event) => event.campaignId,
  sortKey: (event) => [event.type, event.variant, event.at],
});

/** All campaigns: events by type, then time. Counts per type over any time range (the timeline). */
export const eventsByTime = new TableAggregate<{
  Key: [string, number];
  DataModel: DataModel;
  TableName: "emailEvents";
}>(components.emailEventsByTime, {
  sortKey: (event) => [event.type, event.at],
});

/** By category, type, then template: per-category counts by prefix, per-template counts exactly. */
export const eventsByTemplate = new TableAggregate<{
  Key: [string, string, string];
  DataModel: DataModel;
  TableName: "emailEvents";
}>(components.emailEventsByTemplate, {
  sortKey: (event) => [event.category, event.type, event.templateId],
});

/** Every e-mail by status, then when it was queued: queue depth, throughput, quota use. */
export const outboxByStatus = new TableAggregate<{
  Key: [string, number];
  DataModel: DataModel;
  TableName: "emailOutbox";
}>(components.outboxByStatus, {
  sortKey: (row) => [row.status, row.createdAt],
});
