import { api } from "@convex/_generated/api";
import { useConvexConnectionState, useQuery } from "convex/react";
import { AlertTriangleIcon, CheckCircle2Icon, CircleDashedIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { Button } from "@/components/ui/button";
import { MESSAGES } from "@/lib/messages";

const SERVICE_LABELS = {
  identity: { label: "Sign-in", names: { clerk: "Clerk", local: "Local identity (embedded)" } },
  payments: { label: "Payments", names: { stripe: "Stripe", "local-gateway": "Local test gateway (embedded)" } },
  email: { label: "E-mail", names: { resend: "Resend", outbox: "Outbox (embedded)" } },
  extraction: { label: "Action item extraction", names: { openai: "OpenAI", rules: "Rule-based extractor (embedded)" } },
} as const;

function Status({ ok, pending, children }: { ok: boolean; pending?: boolean; children: ReactNode }) {
  const Icon = pending ? CircleDashedIcon : ok ? CheckCircle2Icon : AlertTriangleIcon;
  return (
    <span className="inline-flex items-center gap-2 font-medium">
      <Icon className={pending ? "size-5 text-muted-foreground" : ok ? "size-5 text-success" : "size-5 text-warning"} aria-hidden />
      {children}
    </span>
  );
}

function HealthDetails() {
  const health = useQuery(api.system.health, {});
  const connection = useConvexConnectionState();
  const connected = connection.isWebSocketConnected;
  return (
    <dl className="mt-8 divide-y rounded-lg border bg-card" aria-busy={health === undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2 p-4">
        <dt className="text-muted-foreground">Live connection</dt>
        <dd>
          <Status ok={connected}>{connected ? "Connected" : "Reconnecting…"}</Status>
        </dd>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 p-4">
        <dt className="text-muted-foreground">Backend</dt>
        <dd>
          {health === undefined ? (
            <Status ok={false} pending>
              Checking…
            </Status>
          ) : (
            <Status ok>Operational</Status>
          )}
        </dd>
      </div>
      {(Object.keys(SERVICE_LABELS) as (keyof typeof SERVICE_LABELS)[]).map((service) => {
        const { label, names } = SERVICE_LABELS[service];
        const adapter = health?.adapters[service];
        return (
          <div key={service} className="flex flex-wrap items-center justify-between gap-2 p-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>
              {adapter === undefined ? (
                <Status ok={false} pending>
                  Checking…
                </Status>
              ) : (
                <Status ok>{(names as Record<string, string>)[adapter]}</Status>
              )}
            </dd>
          </div>
        );
      })}
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
