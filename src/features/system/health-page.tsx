import { api } from "@convex/_generated/api";
import type { HealthChecks } from "@convex/model/monitoringShapes";
import { useConvexConnectionState, useQuery } from "convex/react";
import { AlertTriangleIcon, CircleDashedIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { Status } from "@/components/status";
import { Button } from "@/components/ui/button";
import { useLiveConvex } from "@/features/auth/convex-on-demand";
import { formatCount, schedulerSummary } from "@/features/monitoring/figures";
import { MESSAGES } from "@/lib/messages";
import { useNow } from "@/lib/use-now";

const SERVICE_LABELS = {
  identity: { label: "Sign-in", names: { clerk: "Clerk", local: "Local identity (embedded)" } },
  payments: { label: "Payments", names: { stripe: "Stripe", "local-gateway": "Local test gateway (embedded)" } },
  email: { label: "E-mail", names: { resend: "Resend", outbox: "Outbox (embedded)" } },
  extraction: { label: "Action item extraction", names: { openai: "OpenAI", rules: "Rule-based extractor (embedded)" } },
} as const;

/** A check in a word: fine, or worth a look (amber, never red: nothing here is the reader's doing). */
function Check({ ok, children }: { ok: boolean; children: ReactNode }) {
  return <Status tone={ok ? "good" : "warning"}>{children}</Status>;
}

function Checking() {
  return (
    <Status tone="neutral" icon={CircleDashedIcon}>
      Checking…
    </Status>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 p-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const CHECK_LABELS = { scheduler: "Scheduler", crons: "Scheduled jobs", extraction: "Extraction queue", email: "E-mail queue", errors: "Errors in the last hour" } as const;

/** The background checks in a word each; the scheduler's lag is judged here, as it grows with the clock. */
function CheckRows({ checks }: { checks: HealthChecks | undefined }) {
  const now = useNow(15_000);
  if (checks === undefined) {
    return Object.values(CHECK_LABELS).map((label) => (
      <Row key={label} label={label}>
        <Checking />
      </Row>
    ));
  }
  const scheduler = schedulerSummary(checks.scheduler.oldestPendingDueAt, now);
  // The server's "degraded": extraction's latest finished run failed; the e-mail outbox is backed up.
  const queue = (check: HealthChecks["extraction"], degraded: string) => (
    <Check ok={check.status === "ok"}>
      {check.status === "ok" ? "OK" : degraded} · {formatCount(check.queued)} queued
    </Check>
  );
  return (
    <>
      <Row label={CHECK_LABELS.scheduler}>
        <Check ok={!scheduler.lagging}>{scheduler.text}</Check>
      </Row>
      <Row label={CHECK_LABELS.crons}>
        <Check ok={checks.crons.status === "ok"}>{checks.crons.status === "ok" ? "All OK" : `${formatCount(checks.crons.failing.length)} failing`}</Check>
      </Row>
      <Row label={CHECK_LABELS.extraction}>{queue(checks.extraction, "Last run failed")}</Row>
      <Row label={CHECK_LABELS.email}>{queue(checks.email, "Backed up")}</Row>
      <Row label={CHECK_LABELS.errors}>
        <Check ok={checks.errors.status === "ok"}>
          {formatCount(checks.errors.lastHour)}
          {checks.errors.status === "ok" ? "" : " · a critical one among them"}
        </Check>
      </Row>
    </>
  );
}

function LiveConnection() {
  const connected = useConvexConnectionState().isWebSocketConnected;
  return <Check ok={connected}>{connected ? "Connected" : "Reconnecting…"}</Check>;
}

function HealthDetails() {
  const health = useQuery(api.system.health, {});
  // A visitor reads this page once over HTTP: there is no connection to report until they sign in.
  const live = useLiveConvex();
  return (
    <dl className="mt-8 divide-y rounded-lg border bg-card" aria-busy={health === undefined}>
      <Row label="Live connection">
        {live ? (
          <LiveConnection />
        ) : (
          <Status tone="neutral" icon={CircleDashedIcon}>
            Opens when you sign in
          </Status>
        )}
      </Row>
      <Row label="Backend">{health === undefined ? <Checking /> : <Check ok>Operational</Check>}</Row>
      {(Object.keys(SERVICE_LABELS) as (keyof typeof SERVICE_LABELS)[]).map((service) => {
        const { label, names } = SERVICE_LABELS[service];
        const adapter = health?.adapters[service];
        return (
          <Row key={service} label={label}>
            {adapter === undefined ? <Checking /> : <Check ok>{(names as Record<string, string>)[adapter]}</Check>}
          </Row>
        );
      })}
      <CheckRows checks={health?.checks} />
    </dl>
  );
}

/** A failed check shows the spec's message; Retry mounts the check afresh. */
function HealthCheckFailed({ resetErrorBoundary }: FallbackProps) {
  return (
    <div role="alert" className="mt-8 flex flex-col items-start gap-3 rounded-lg border border-warning/50 bg-warning-muted p-4">
      <p className="flex items-center gap-2 font-semibold text-warning-foreground">
        <AlertTriangleIcon className="size-5" aria-hidden />
        {MESSAGES.healthCheck.error}
      </p>
      <Button variant="outline" onClick={resetErrorBoundary}>
        {MESSAGES.healthCheck.retry}
      </Button>
    </div>
  );
}

export function HealthPage() {
  return (
    <section aria-labelledby="health-title" className="mx-auto max-w-2xl px-4 py-16">
      <h1 id="health-title" className="text-3xl font-bold">
        System status
      </h1>
      <p className="mt-3 text-muted-foreground">Live status of the LWCC backend and the services it uses.</p>
      <ErrorBoundary FallbackComponent={HealthCheckFailed}>
        <HealthDetails />
      </ErrorBoundary>
    </section>
  );
}
