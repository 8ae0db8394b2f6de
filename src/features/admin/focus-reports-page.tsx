import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { FOCUS_TEXTS } from "@convex/model/focusRules";
import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone, useViewer } from "@/features/auth/viewer";
import { dateTime } from "@/lib/relative-time";
import { errorMessage } from "@/lib/user-error";
import { AdminErrorBoundary, AdminRequired } from "./admin-access";

function Reports() {
  const reports = useQuery(api.focus.reports, {});
  const resolve = useMutation(api.focus.resolve);
  const timeZone = useTimeZone();
  const [error, setError] = useState<string | null>(null);
  if (reports === undefined) return <LoadingList label="Loading reports" rows={3} />;
  if (reports.length === 0) return <p className="rounded-xl border border-dashed p-6 text-muted-foreground">No open reports. Thank you for keeping the rooms calm.</p>;
  const done = (reportId: Id<"focusReports">) => resolve({ reportId }).then(() => setError(null), (failure: unknown) => setError(errorMessage(failure)));
  return (
    <>
      {error ? <InlineError>{error}</InlineError> : null}
      <ul className="flex flex-col gap-3">
        {reports.map((report) => (
          <li key={report._id} aria-label={`Report about ${report.reportedName}`} className="flex flex-col gap-2 rounded-xl border bg-card p-4">
            <p className="font-medium">
              {report.reportedName} <span className="font-normal text-muted-foreground">({report.reportedEmail})</span>: {FOCUS_TEXTS.reasons[report.reason]}
            </p>
            <p className="text-sm text-muted-foreground">
              Reported by {report.reporterName} · {dateTime(report.createdAt, timeZone)} · room of {dateTime(report.roomStartsAt, timeZone)}
            </p>
            {report.reportedGoal ? <p className="text-sm">Their goal: {report.reportedGoal}</p> : null}
            {report.details ? <p className="whitespace-pre-wrap text-sm">{report.details}</p> : null}
            <Button variant="outline" size="sm" className="self-start" onClick={() => void done(report._id)}>
              Mark resolved
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /admin/focus-reports: what members reported from focus rooms, oldest concern resolved last. */
export function FocusReportsPage() {
  const viewer = useViewer();
  return (
    <section aria-labelledby="focus-reports-title" className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12">
      <h1 id="focus-reports-title" className="text-3xl font-bold">
        Focus room reports
      </h1>
      {viewer.status === "loading" ? (
        <LoadingList label="Loading reports" rows={3} />
      ) : viewer.status === "signed-in" && viewer.user.role === "admin" ? (
        <AdminErrorBoundary>
          <Reports />
        </AdminErrorBoundary>
      ) : (
        <AdminRequired />
      )}
    </section>
  );
}
