import { AB_TEST_LABELS, statusTone } from "@convex/model/emailSystem";
import { Status } from "@/components/status";
import { statusLabel } from "./format";

/** Any e-mail system status in its SPEC §4 tone. */
export function StatusBadge({ status, label, className }: { status: string; label?: string; className?: string }) {
  return (
    <Status look="badge" tone={statusTone(status)} className={className}>
      {label ?? statusLabel(status)}
    </Status>
  );
}

/** SPEC §4: an A/B test reads 'Significant' (good tone) or 'Running' (info tone). */
export function AbTestBadge({ isSignificant }: { isSignificant: boolean }) {
  return (
    <Status look="badge" tone={isSignificant ? "good" : "info"}>
      {isSignificant ? AB_TEST_LABELS.significant : AB_TEST_LABELS.running}
    </Status>
  );
}
