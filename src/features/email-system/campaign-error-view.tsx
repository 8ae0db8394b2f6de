import { EMAIL_SYSTEM_TEXTS } from "@convex/model/emailSystem";
import { AlertTriangleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ErrorDetails } from "./parts";

export type CampaignErrorKind = "api" | "scheduling" | "sending";

const TITLES: Record<CampaignErrorKind, string> = {
  api: EMAIL_SYSTEM_TEXTS.campaignApiError,
  scheduling: EMAIL_SYSTEM_TEXTS.schedulingError,
  sending: EMAIL_SYSTEM_TEXTS.sendingError,
};

const BODIES: Record<CampaignErrorKind, string> = {
  api: "The campaign couldn't be loaded.",
  scheduling: "The campaign couldn't be scheduled.",
  sending: "The campaign couldn't be sent.",
};

export interface CampaignErrorViewProps {
  kind: CampaignErrorKind;
  error: unknown;
  /** Reloads the page unless given (a form retries its own submit instead). */
  onRetry?: () => void;
  /** Only for sending errors; goes back a page unless given. */
  onBack?: () => void;
}

/** SPEC §8 campaign error pages: what failed, the details folded away, Retry, and Go Back after a failed send. */
export function CampaignErrorView({ kind, error, onRetry, onBack }: CampaignErrorViewProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-card p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <AlertTriangleIcon className="size-5 text-destructive" aria-hidden />
        {TITLES[kind]}
      </h2>
      <p className="text-muted-foreground">{BODIES[kind]}</p>
      <ErrorDetails error={error} />
      <div className="flex flex-wrap gap-3">
        <Button onClick={onRetry ?? (() => window.location.reload())}>{EMAIL_SYSTEM_TEXTS.retry}</Button>
        {kind === "sending" ? (
          <Button variant="outline" onClick={onBack ?? (() => window.history.back())}>
            {EMAIL_SYSTEM_TEXTS.goBack}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
