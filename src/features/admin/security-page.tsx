import { api } from "@convex/_generated/api";
import { REACTIVATION_MESSAGES } from "@convex/model/reactivation";
import { usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { format, formatDistanceStrict } from "date-fns";
import { ShieldAlertIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useViewer } from "@/features/auth/viewer";
import { AdminErrorBoundary, AdminRequired } from "./admin-access";

const PAGE_SIZE = 20;

type Incident = FunctionReturnType<typeof api.security.incidents>["page"][number];

const KIND_LABELS: Record<Incident["kind"], string> = {
  invalid_signature: "Tampered reactivation link",
  wrong_account: "Reactivation link for another account",
};

function IncidentItem({ incident, now }: { incident: Incident; now: number }) {
  return (
    <li aria-label={KIND_LABELS[incident.kind]} className="flex flex-col gap-2 rounded-xl border bg-card p-5 text-card-foreground">
      <h3 className="flex items-center gap-2 font-semibold">
        <ShieldAlertIcon className="size-4 text-warning-foreground" aria-hidden />
        {KIND_LABELS[incident.kind]}
      </h3>
      <time dateTime={new Date(incident.at).toISOString()} className="text-sm text-muted-foreground">
        {formatDistanceStrict(incident.at, Math.max(now, incident.at), { addSuffix: true })} · {format(incident.at, "MMM d, yyyy, h:mm a")}
      </time>
      <p>{incident.detail}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {incident.claimedEmail ? (
          <>
            <dt className="text-muted-foreground">Link claims to be for</dt>
            <dd className="break-all">{incident.claimedEmail}</dd>
          </>
        ) : null}
        {incident.claimedUserId ? (
          <>
            <dt className="text-muted-foreground">Account id in the link</dt>
            <dd className="break-all">{incident.claimedUserId}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Signed in</dt>
        <dd className="break-all">{incident.viewerId ?? "Nobody"}</dd>
        <dt className="text-muted-foreground">Link fingerprint</dt>
        <dd className="font-mono break-all">{incident.tokenFingerprint}</dd>
      </dl>
    </li>
  );
}

function Incidents() {
  const { results, status, loadMore } = usePaginatedQuery(api.security.incidents, {}, { initialNumItems: PAGE_SIZE });
  const [now] = useState(() => Date.now());
  if (status === "LoadingFirstPage") {
    return (
      <p role="status" aria-busy="true" className="text-muted-foreground">
        Loading incidents
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {results.length === 0 ? "No incidents logged." : `Showing ${results.length} ${results.length === 1 ? "incident" : "incidents"}, newest first.`}
      </p>
      {results.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {results.map((incident) => (
            <IncidentItem key={incident._id} incident={incident} now={now} />
          ))}
        </ul>
      ) : null}
      {status === "CanLoadMore" || status === "LoadingMore" ? (
        <Button variant="outline" className="self-start" disabled={status === "LoadingMore"} onClick={() => loadMore(PAGE_SIZE)}>
          {status === "LoadingMore" ? "Loading..." : "Load more incidents"}
        </Button>
      ) : null}
    </div>
  );
}

/** /admin/security: the incidents the reactivation page told members were logged, newest first and live. */
export function SecurityPage({ redirect }: { redirect?: string }) {
  const viewer = useViewer();
  return (
    <section aria-labelledby="security-title" className="mx-auto max-w-4xl px-4 py-12">
      <h1 id="security-title" className="text-3xl font-bold">
        Security
      </h1>
      <p className="mt-2 text-muted-foreground">
        Reactivation links that were tampered with or opened by another signed-in account. Members saw: "{REACTIVATION_MESSAGES.securityLogged}"
      </p>
      <div className="mt-8">
        {viewer.status === "loading" ? null : viewer.status === "signed-in" && viewer.user.role === "admin" ? (
          <AdminErrorBoundary>
            <Incidents />
          </AdminErrorBoundary>
        ) : (
          <AdminRequired redirect={redirect} />
        )}
      </div>
    </section>
  );
}
