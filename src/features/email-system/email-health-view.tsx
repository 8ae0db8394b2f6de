import type { SystemHealth } from "@convex/model/emailDashboard";
import { Link } from "@tanstack/react-router";
import { AlertTriangleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { MESSAGES } from "@/lib/messages";
import { SystemHealthTab } from "./system-health-tab";
import { EMAIL_HEALTH_TITLE } from "./titles";

export interface EmailHealthViewProps {
  /** undefined while loading. */
  health: SystemHealth | undefined;
  /** Set when the check failed: then only the error view shows (SPEC §2). */
  error?: unknown;
  onRetry: () => void;
}

/** /admin/email/health: the campaign system's health, or only the SPEC's error view when it cannot be checked. */
export function EmailHealthView({ health, error, onRetry }: EmailHealthViewProps) {
  return (
    <section aria-labelledby="email-health-title" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <h1 id="email-health-title" className="text-3xl font-bold">
        {EMAIL_HEALTH_TITLE}
      </h1>
      {error !== undefined ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-warning/50 bg-warning-muted p-6">
          <p className="flex items-center gap-2 font-semibold text-warning-foreground">
            <AlertTriangleIcon className="size-5" aria-hidden />
            {MESSAGES.healthCheck.error}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={onRetry}>
              {MESSAGES.healthCheck.retry}
            </Button>
            <Button asChild variant="link">
              <Link to="/health">See the system status page</Link>
            </Button>
          </div>
        </div>
      ) : health === undefined ? (
        <LoadingList label="Checking the campaign system" rows={3} />
      ) : (
        <SystemHealthTab health={health} />
      )}
    </section>
  );
}
