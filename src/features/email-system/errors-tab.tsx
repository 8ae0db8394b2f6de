import type { ErrorReporting } from "@convex/model/emailDashboard";
import { LoadingList } from "@/components/ui/skeleton";
import { formatCount, statusLabel } from "./format";
import { EmptyState, KpiGrid, KpiTile, LoadMore, Panel, When } from "./parts";
import { StatusBadge } from "./status-badge";
import { EMAIL_UI_TEXTS } from "./texts";
import type { ErrorRecordRow, PageStatus } from "./types";

export interface ErrorsTabProps {
  reporting: ErrorReporting;
  /** Individual error records, newest first (paginated). */
  records: ErrorRecordRow[];
  status: PageStatus;
  onLoadMore: () => void;
}

function ErrorRecordItem({ record }: { record: ErrorRecordRow }) {
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{record.title}</h3>
        <StatusBadge status={record.severity} />
      </div>
      <p>{record.message}</p>
      <p className="text-sm text-muted-foreground">
        <span className="font-mono">{record.code}</span> · {statusLabel(record.category)} · {record.service} · <When at={record.timestamp} past />
      </p>
      {record.details || record.recovery ? (
        <details className="text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
            {EMAIL_UI_TEXTS.errorDetails}
          </summary>
          <dl className="flex flex-col gap-2">
            {record.details ? (
              <div>
                <dt className="text-muted-foreground">What happened</dt>
                <dd className="font-mono break-words whitespace-pre-wrap">{record.details}</dd>
              </div>
            ) : null}
            {record.recovery ? (
              <div>
                <dt className="text-muted-foreground">How to recover</dt>
                <dd>{record.recovery}</dd>
              </div>
            ) : null}
          </dl>
        </details>
      ) : null}
    </li>
  );
}

/** Failures grouped by kind first (what needs a look), then every record for the detail. */
export function ErrorsTab({ reporting, records, status, onLoadMore }: ErrorsTabProps) {
  return (
    <div className="flex flex-col gap-6">
      <KpiGrid label="Error reporting">
        <KpiTile label="Critical errors" value={formatCount(reporting.criticalErrors)} />
      </KpiGrid>
      <Panel title="Recent errors">
        {reporting.recentErrors.length === 0 ? (
          <EmptyState>{EMAIL_UI_TEXTS.noErrors}</EmptyState>
        ) : (
          <ul className="flex flex-col divide-y">
            {reporting.recentErrors.map((group) => (
              <li key={group.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={group.severity} />
                  <span className="font-medium">{group.service}</span>
                  <span className="text-sm text-muted-foreground">
                    {formatCount(group.count)} {group.count === 1 ? "time" : "times"}
                  </span>
                </div>
                <p>{group.message}</p>
                <p className="text-sm text-muted-foreground">
                  Last seen <When at={group.occurredAt} past />
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Error records">
        {status === "LoadingFirstPage" ? (
          <LoadingList label="Loading error records" />
        ) : records.length === 0 ? (
          <EmptyState>{EMAIL_UI_TEXTS.noErrors}</EmptyState>
        ) : (
          <ul className="flex flex-col divide-y">
            {records.map((record) => (
              <ErrorRecordItem key={record._id} record={record} />
            ))}
          </ul>
        )}
        <LoadMore status={status} onLoadMore={onLoadMore} noun="records" />
      </Panel>
    </div>
  );
}
