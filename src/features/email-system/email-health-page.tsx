import { useQuery } from "convex/react";
import { ErrorBoundary } from "react-error-boundary";
import { AdminRequired, isAccessError } from "@/features/admin/admin-access";
import { AdminGate } from "./admin-gate";
import { api } from "@convex/_generated/api";
import { EmailHealthView } from "./email-health-view";

function LiveHealth() {
  const data = useQuery(api.emailDashboard.overview, {});
  // No error here, so no Retry button to wire: a failed query throws to the boundary below.
  return <EmailHealthView health={data?.systemHealth} onRetry={() => undefined} />;
}

/** Convex wiring of /admin/email/health: a failed check leaves only the SPEC's error view; Retry asks again. */
export function EmailHealthPage() {
  return (
    <AdminGate>
      <ErrorBoundary
        fallbackRender={({ error, resetErrorBoundary }) =>
          isAccessError(error) ? (
            <div className="mx-auto max-w-4xl px-4 py-12">
              <AdminRequired />
            </div>
          ) : (
            <EmailHealthView health={undefined} error={error} onRetry={resetErrorBoundary} />
          )
        }
      >
        <LiveHealth />
      </ErrorBoundary>
    </AdminGate>
  );
}
