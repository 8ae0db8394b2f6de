import { EMAIL_SYSTEM_TEXTS } from "@convex/model/emailSystem";
import { useId } from "react";
import { useNow } from "@/lib/use-now";
import { CampaignErrorView } from "@/features/email-system/campaign-error-view";
import { DebugNote, DebugPage, DebugSection, JsonBlock } from "./debug-parts";

export const CAMPAIGN_ERRORS_TEXT = {
  title: "Campaign API error pages",
  lead: "The error views of the e-mail campaign pages, as the admin sees them when managing, scheduling or sending a campaign fails, and the analytics endpoint's error answer.",
} as const;

/** Example failures, shaped as the backend's errors arrive (their details fold away in each view). */
const EXAMPLES = {
  management: new Error("[CONVEX Q(campaigns:get)] Server Error: the request timed out (example)"),
  scheduling: new Error("[CONVEX M(campaigns:schedule)] Server Error: the scheduler did not answer (example)"),
  sending: new Error("[CONVEX M(campaigns:send)] Server Error: the outbox refused the batch (example)"),
};

/**
 * What GET /api/campaigns/analytics answers with status 500 (convex/http.ts): success false, the
 * SPEC §8 text, and the metadata of the query (how long it took, when it was answered).
 */
export function analyticsErrorBody(now: number, queryTime = 12) {
  return { success: false, error: EMAIL_SYSTEM_TEXTS.analyticsError, metadata: { queryTime, lastUpdated: now } };
}

/** /demos/campaign-api-errors: the real error views on example errors; Retry reloads, Go Back goes back. */
export function CampaignApiErrors() {
  const id = useId();
  const now = useNow(60_000);
  return (
    <DebugPage id="campaign-errors-title" title={CAMPAIGN_ERRORS_TEXT.title} lead={CAMPAIGN_ERRORS_TEXT.lead}>
      <DebugNote>The errors below are examples; no campaign is loaded, scheduled or sent. Retry reloads this page, as it reloads the campaign page.</DebugNote>
      <DebugSection id={`${id}-management`} title="Management">
        <CampaignErrorView kind="api" error={EXAMPLES.management} />
      </DebugSection>
      <DebugSection id={`${id}-scheduling`} title="Scheduling">
        <CampaignErrorView kind="scheduling" error={EXAMPLES.scheduling} />
      </DebugSection>
      <DebugSection id={`${id}-sending`} title="Sending">
        <CampaignErrorView kind="sending" error={EXAMPLES.sending} />
      </DebugSection>
      <DebugSection id={`${id}-analytics`} title="Analytics (status 500)">
        <p>{EMAIL_SYSTEM_TEXTS.analyticsError}</p>
        <JsonBlock label="Response body and metadata" value={analyticsErrorBody(now)} />
      </DebugSection>
    </DebugPage>
  );
}
