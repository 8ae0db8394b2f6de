/**
 * The campaign functions' answers in the shapes the pages draw: the server keeps a campaign and its
 * counts apart (`stats`), the pages read one flat row.
 */
import type { api } from "@convex/_generated/api";
import type { FunctionReturnType } from "convex/server";
import type { CampaignDetail, CampaignRow } from "./types";

export type CampaignSummary = FunctionReturnType<typeof api.campaigns.list>["page"][number];
export type CampaignResult = NonNullable<FunctionReturnType<typeof api.campaigns.get>>;

export function toCampaignRow({ _id, name, status, audience, stats, sentAt, scheduledFor }: Pick<CampaignSummary, "_id" | "name" | "status" | "audience" | "stats" | "sentAt" | "scheduledFor">): CampaignRow {
  return {
    _id,
    name,
    status,
    audience,
    sent: stats.sent,
    openRate: stats.openRate,
    clickRate: stats.clickRate,
    ...(sentAt !== undefined ? { sentAt } : {}),
    ...(scheduledFor !== undefined ? { scheduledFor } : {}),
  };
}

export function toCampaignDetail({ campaign, stats, variants, abTest }: CampaignResult): CampaignDetail {
  const { sent, delivered, opened, clicked, bounced, complained } = stats;
  return {
    ...toCampaignRow({ ...campaign, stats }),
    createdAt: campaign.createdAt,
    recipientCount: campaign.recipientCount,
    events: { sent, delivered, opened, clicked, bounced, complained },
    variants: variants.map((variant, index) => ({ ...variant, subject: campaign.variants[index]?.subject ?? "" })),
    ...(campaign.testType ? { testType: campaign.testType } : {}),
    ...(campaign.startedAt !== undefined ? { startedAt: campaign.startedAt } : {}),
    ...(campaign.error !== undefined ? { error: campaign.error } : {}),
    ...(abTest && !campaign.abResult ? { abTest: { isSignificant: abTest.isSignificant, pValue: abTest.pValue } } : {}),
    ...(campaign.abResult ? { abResult: campaign.abResult } : {}),
  };
}
