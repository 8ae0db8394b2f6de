import { useQuery } from "convex/react";
import { AdminGate } from "./admin-gate";
import { api } from "@convex/_generated/api";
import { EmailHealthView } from "./email-health-view";
import { EMAIL_HEALTH_TITLE } from "./titles";

function LiveHealth() {
  const health = useQuery(api.emailDashboard.systemHealth, {});
  // No error here, so no Retry button to wire: a failed query throws to the boundary below.
  return <EmailHealthView health={health?.value} onRetry={() => undefined} />;
}

/** Convex wiring of /admin/email/health: a failed check leaves only the SPEC's error view; Retry asks again. */
export function EmailHealthPage() {
  return (
    <AdminGate title={EMAIL_HEALTH_TITLE} renderError={(error, retry) => <EmailHealthView health={undefined} error={error} onRetry={retry} />}>
      <LiveHealth />
    </AdminGate>
  );
}
