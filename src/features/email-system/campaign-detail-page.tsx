import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { Link, type ErrorComponentProps } from "@tanstack/react-router";
import { useMutation, useQuery } from "convex/react";
import { AdminRequiredPage, isAccessError } from "@/features/admin/admin-access";
import { LoadingList } from "@/components/ui/skeleton";
import { AdminGate } from "./admin-gate";
import { CampaignDetailView } from "./campaign-detail";
import { CampaignErrorView } from "./campaign-error-view";
import { toCampaignDetail } from "./server-shapes";
import { CAMPAIGN_TITLE } from "./titles";

function LiveCampaign({ campaignId }: { campaignId: Id<"emailCampaigns"> }) {
  const result = useQuery(api.campaigns.get, { campaignId });
  const send = useMutation(api.campaigns.send);
  const cancel = useMutation(api.campaigns.cancel);
  const endTest = useMutation(api.campaigns.endTest);
  const campaign = result ? toCampaignDetail(result) : result;
  if (campaign === undefined) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <LoadingList label="Loading the campaign" title rows={2} />
      </div>
    );
  }
  if (campaign === null) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12">
        <h1 className="text-3xl font-bold">Campaign not found</h1>
        <p className="text-muted-foreground">It may have been removed, or the link is incomplete.</p>
        <Link to="/admin/email" search={{ tab: "campaigns" }} className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
          All campaigns
        </Link>
      </section>
    );
  }
  return (
    <CampaignDetailView
      campaign={campaign}
      onSend={async () => {
        await send({ campaignId });
      }}
      onCancel={async () => {
        await cancel({ campaignId });
      }}
      onEndTest={async () => {
        await endTest({ campaignId });
      }}
    />
  );
}

/** Convex wiring of /admin/email/campaigns/$campaignId. */
export function CampaignDetailPage({ campaignId }: { campaignId: Id<"emailCampaigns"> }) {
  return (
    <AdminGate title={CAMPAIGN_TITLE}>
      <LiveCampaign campaignId={campaignId} />
    </AdminGate>
  );
}

/** The campaign route's errorComponent: the Campaign API Error view, or the admin note when access was refused. */
export function CampaignRouteError({ error }: ErrorComponentProps) {
  return (
    isAccessError(error) ? <AdminRequiredPage title={CAMPAIGN_TITLE} /> : (
      <div className="mx-auto max-w-4xl px-4 py-12">
        <CampaignErrorView kind="api" error={error} />
      </div>
    )
  );
}
