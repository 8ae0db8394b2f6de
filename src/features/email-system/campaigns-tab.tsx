import { Link } from "@tanstack/react-router";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { audienceLabel, formatCount, formatPercent } from "./format";
import { NewCampaignDialog, type NewCampaignDialogProps } from "./new-campaign-dialog";
import { EmptyState, LoadMore, Panel, When } from "./parts";
import { StatusBadge } from "./status-badge";
import { EMAIL_UI_TEXTS } from "./texts";
import type { CampaignRow, NewCampaignInput, PageStatus } from "./types";

export interface CampaignsTabProps {
  campaigns: CampaignRow[];
  status: PageStatus;
  onLoadMore: () => void;
  /** The compose dialog's data and actions. */
  compose: Omit<NewCampaignDialogProps, "open" | "onOpenChange">;
}

function CampaignItem({ campaign }: { campaign: CampaignRow }) {
  const time = campaign.sentAt ?? campaign.scheduledFor;
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to="/admin/email/campaigns/$campaignId"
          params={{ campaignId: campaign._id }}
          className="inline-flex min-h-11 items-center font-medium underline-offset-4 hover:underline"
        >
          {campaign.name}
        </Link>
        <StatusBadge status={campaign.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div className="col-span-2 sm:col-span-4">
          <dt className="sr-only">Audience</dt>
          <dd className="text-muted-foreground">{audienceLabel(campaign.audience)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Sent</dt>
          <dd className="tabular-nums">{formatCount(campaign.sent)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Open rate</dt>
          <dd className="tabular-nums">{formatPercent(campaign.openRate)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Click rate</dt>
          <dd className="tabular-nums">{formatPercent(campaign.clickRate)}</dd>
        </div>
        {time !== undefined ? (
          <div>
            <dt className="text-muted-foreground">{campaign.sentAt !== undefined ? "Sent" : "Scheduled for"}</dt>
            <dd>
              <When at={time} past={campaign.sentAt !== undefined} />
            </dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

const DONE: Record<NewCampaignInput["when"]["kind"], string> = {
  now: "Campaign created. It is going out now.",
  schedule: "Campaign scheduled.",
};

/** Every campaign, newest first, and the way to start a new one. */
export function CampaignsTab({ campaigns, status, onLoadMore, compose }: CampaignsTabProps) {
  const [composing, setComposing] = useState(false);
  const [done, setDone] = useState("");
  return (
    <Panel
      title="Campaigns"
      action={
        <Button onClick={() => setComposing(true)}>
          <PlusIcon aria-hidden />
          New campaign
        </Button>
      }
    >
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {done}
      </p>
      {status === "LoadingFirstPage" ? (
        <LoadingList label="Loading campaigns" />
      ) : campaigns.length === 0 ? (
        <EmptyState>{EMAIL_UI_TEXTS.noCampaigns}</EmptyState>
      ) : (
        <ul className="flex flex-col divide-y">
          {campaigns.map((campaign) => (
            <CampaignItem key={campaign._id} campaign={campaign} />
          ))}
        </ul>
      )}
      <LoadMore status={status} onLoadMore={onLoadMore} noun="campaigns" />
      <NewCampaignDialog
        {...compose}
        open={composing}
        onOpenChange={setComposing}
        onSubmit={async (input) => {
          await compose.onSubmit(input);
          setComposing(false);
          setDone(DONE[input.when.kind]);
        }}
      />
    </Panel>
  );
}
