import { EMAIL_DASHBOARD_TAB_LABELS, RECIPIENT_EVENTS, type CampaignStatus, type RecipientEvent } from "@convex/model/emailSystem";
import { Link } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import { useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/user-error";
import { pValueText, TEST_TYPE_NAMES, VariantFigures } from "./ab-testing-tab";
import { CampaignErrorView } from "./campaign-error-view";
import { audienceLabel, formatCount, formatPercent, recipientProgress } from "./format";
import { KpiGrid, KpiTile, Panel, When } from "./parts";
import { AbTestBadge, StatusBadge } from "./status-badge";
import { EMAIL_UI_TEXTS } from "./texts";
import type { CampaignDetail } from "./types";

const SENDABLE: readonly CampaignStatus[] = ["draft", "scheduled"];
const CANCELLABLE: readonly CampaignStatus[] = ["draft", "scheduled", "sending"];

const EVENT_LABELS: Record<RecipientEvent, string> = {
  sent: "Sent",
  delivered: "Delivered",
  opened: "Opened",
  clicked: "Clicked",
  bounced: "Bounced",
  complained: "Marked as spam",
};

/** What the campaign's buttons may do in its current status. */
export function campaignActions(campaign: Pick<CampaignDetail, "status" | "abTest" | "abResult">) {
  return {
    send: SENDABLE.includes(campaign.status),
    cancel: CANCELLABLE.includes(campaign.status),
    endTest: campaign.abTest !== undefined && campaign.abResult === undefined && (campaign.status === "sending" || campaign.status === "sent"),
  };
}

/** A button that asks once before doing something that cannot be undone. */
function ConfirmAction({ label, question, confirmLabel, destructive = false, onConfirm }: {
  label: string;
  question: string;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <Button variant={destructive ? "outline" : "default"} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 p-3">
      <p className="text-sm font-medium">{question}</p>
      <Button
        variant={destructive ? "destructive" : "default"}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onConfirm().finally(() => {
            setBusy(false);
            setAsking(false);
          });
        }}
      >
        {busy ? EMAIL_UI_TEXTS.processing : confirmLabel}
      </Button>
      <Button variant="ghost" disabled={busy} onClick={() => setAsking(false)}>
        Not now
      </Button>
    </div>
  );
}

export interface CampaignDetailViewProps {
  campaign: CampaignDetail;
  onSend: () => Promise<void>;
  onCancel: () => Promise<void>;
  onEndTest: () => Promise<void>;
}

/** /admin/email/campaigns/$campaignId: one campaign's figures, its variants, and what can still be done with it. */
export function CampaignDetailView({ campaign, onSend, onCancel, onEndTest }: CampaignDetailViewProps) {
  const [sendFailure, setSendFailure] = useState<unknown>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const actions = campaignActions(campaign);
  const isTest = campaign.variants.length > 1;

  async function run(action: () => Promise<void>, onFailure: (caught: unknown) => void) {
    setActionError(null);
    try {
      await action();
    } catch (caught) {
      onFailure(caught);
    }
  }
  const send = () => run(onSend, setSendFailure);
  const fail = (caught: unknown) => setActionError(errorMessage(caught, "That didn't work. Please try again."));

  return (
    <section aria-labelledby="campaign-title" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <Link
        to="/admin/email"
        search={{ tab: "campaigns" }}
        className="inline-flex min-h-11 items-center gap-2 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeftIcon className="size-4" aria-hidden />
        {EMAIL_DASHBOARD_TAB_LABELS.campaigns}
      </Link>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="campaign-title" className="text-3xl font-bold break-words">
            {campaign.name}
          </h1>
          <StatusBadge status={campaign.status} />
        </div>
        <p className="text-muted-foreground">
          {[audienceLabel(campaign.audience), recipientProgress(campaign.recipientCount, campaign.events)].filter(Boolean).join(" · ")}
        </p>
        <p className="text-sm text-muted-foreground">
          {campaign.sentAt !== undefined ? (
            <>
              Sent <When at={campaign.sentAt} past />
            </>
          ) : campaign.scheduledFor !== undefined ? (
            <>
              Scheduled for <When at={campaign.scheduledFor} />
            </>
          ) : (
            <>
              Created <When at={campaign.createdAt} past />
            </>
          )}
        </p>
        <InlineError>{campaign.status === "failed" ? campaign.error : null}</InlineError>
      </div>

      {sendFailure !== null ? (
        <CampaignErrorView
          kind="sending"
          error={sendFailure}
          onRetry={() => {
            setSendFailure(null);
            void send();
          }}
          onBack={() => setSendFailure(null)}
        />
      ) : actions.send || actions.cancel || actions.endTest ? (
        <div className="flex flex-wrap items-start gap-3">
          {actions.send ? (
            <ConfirmAction
              label="Send now"
              question={`Send "${campaign.name}" to ${audienceLabel(campaign.audience).toLowerCase()} now?`}
              confirmLabel="Yes, send it"
              onConfirm={send}
            />
          ) : null}
          {actions.endTest ? (
            <ConfirmAction
              label="End test"
              question="End the test and keep the leading version as the winner?"
              confirmLabel="Yes, end the test"
              onConfirm={() => run(onEndTest, fail)}
            />
          ) : null}
          {actions.cancel ? (
            <ConfirmAction
              label="Cancel campaign"
              question="Cancel it? E-mails already sent stay sent."
              confirmLabel="Yes, cancel it"
              destructive
              onConfirm={() => run(onCancel, fail)}
            />
          ) : null}
        </div>
      ) : null}
      <InlineError>{actionError}</InlineError>

      <KpiGrid label="Recipients by event">
        {RECIPIENT_EVENTS.map((event) => (
          <KpiTile key={event} label={EVENT_LABELS[event]} value={formatCount(campaign.events[event])} />
        ))}
        <KpiTile label="Open rate" value={formatPercent(campaign.openRate)} />
        <KpiTile label="Click rate" value={formatPercent(campaign.clickRate)} />
      </KpiGrid>

      {isTest ? (
        <Panel
          title={campaign.testType ? TEST_TYPE_NAMES[campaign.testType] : "Variants"}
          action={campaign.abTest ? <AbTestBadge isSignificant={campaign.abTest.isSignificant} /> : null}
        >
          {campaign.abTest ? <p className="text-sm text-muted-foreground">{pValueText(campaign.abTest.pValue)}</p> : null}
          {campaign.abResult ? (
            <p>
              Winner: <strong>{campaign.abResult.winner}</strong> (+{formatPercent(campaign.abResult.improvement)} over the runner-up) · finished{" "}
              <When at={campaign.abResult.completedAt} past />
            </p>
          ) : null}
          <VariantFigures
            variants={campaign.variants}
            caption="Results per variant"
            conversionsLabel={campaign.testType === "subject" ? "Opens" : "Clicks"}
          />
          <ul className="flex flex-col gap-1 text-sm">
            {campaign.variants.map((variant) => (
              <li key={variant.label}>
                <span className="font-medium">{variant.label}:</span> {variant.subject}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </section>
  );
}
