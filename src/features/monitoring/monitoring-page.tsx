import { api } from "@convex/_generated/api";
import { useQuery } from "convex/react";
import { AdminErrorBoundary } from "@/features/admin/admin-access";
import { AdminGate } from "@/features/email-system/admin-gate";
import { MonitoringDashboard } from "./monitoring-dashboard";
import { MONITORING_TEXTS } from "./texts";
import { ErrorRecordResult } from "./support-code-lookup";

/** Live: a member's code may be looked up before their report has arrived, and then fills in. */
function SupportCodeResult({ reference }: { reference: string }) {
  return <ErrorRecordResult record={useQuery(api.errorRecords.byReference, { reference })} />;
}

// The lookup fails on its own, leaving the rest of the dashboard.
const renderLookup = (reference: string) => (
  <AdminErrorBoundary>
    <SupportCodeResult reference={reference} />
  </AdminErrorBoundary>
);

function LiveMonitoring() {
  // A failed query throws to AdminGate's boundary, whose error screen's Retry subscribes afresh.
  return <MonitoringDashboard data={useQuery(api.monitoring.overview, {})} onRetry={() => undefined} renderLookup={renderLookup} />;
}

/** Convex wiring of /admin/monitoring. */
export function MonitoringPage() {
  return (
    <AdminGate title={MONITORING_TEXTS.title} renderError={(error, retry) => <MonitoringDashboard data={undefined} error={error} onRetry={retry} renderLookup={renderLookup} />}>
      <LiveMonitoring />
    </AdminGate>
  );
}
