import { api } from "@convex/_generated/api";
import { FORUM_PAGE_SIZE, type ForumModerationAction } from "@convex/model/forumRules";
import { Link } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import { FlagIcon } from "lucide-react";
import { useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useTimeZone } from "@/features/auth/viewer";
import { LoadErrorBoundary, NotFound, When } from "@/features/sessions/page-states";
import { useNow } from "@/lib/use-now";
import { errorMessage } from "@/lib/user-error";
import { useAuditLog, useReports, useStanding, type Report } from "./data";
import { ReasonDialog } from "./post-dialogs";
import { Breadcrumb, ForumColumn, ForumCrumb, linkClass, StateMarker } from "./shared";

const ACTION_LABELS: Record<ForumModerationAction, string> = {
  hide: "Hid a post",
  restore: "Restored a post",
  lock: "Locked the thread",
  unlock: "Unlocked the thread",
  pin: "Pinned the thread",
  unpin: "Unpinned the thread",
  move: "Moved the thread",
  delete: "Deleted a post",
  dismiss_report: "Dismissed a report",
};

function ReportItem({ report, now, timeZone }: { report: Report; now: number; timeZone: string }) {
  const hidePost = useMutation(api.forumModeration.hidePost);
  const dismissReport = useMutation(api.forumModeration.dismissReport);
  const [hiding, setHiding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `report-${report.reportId}`;

  async function dismiss() {
    setBusy(true);
    setError(null);
    try {
      await dismissReport({ reportId: report.reportId });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border bg-card p-5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 text-sm font-semibold">
          <FlagIcon className="size-4" aria-hidden />
          {report.openReports} {report.openReports === 1 ? "report" : "reports"}
        </span>
        {report.postStatus === "visible" ? null : <StateMarker marker={report.postStatus} />}
      </div>
      <h2 id={titleId} className="text-lg font-semibold">
        <Link to="/forum/t/$threadId" params={{ threadId: report.threadId }} className={`${linkClass} break-words`}>
          {report.opening ? report.threadTitle : `Reply in: ${report.threadTitle}`}
        </Link>
      </h2>
      <blockquote className="border-l-4 pl-4 break-words text-muted-foreground">{report.excerpt}</blockquote>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Written by</dt>
          <dd className="font-medium">{report.author.name}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Reported by</dt>
          <dd className="font-medium">
            {report.reporter.name}, <When ms={report.createdAt} past now={now} timeZone={timeZone} />
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-muted-foreground">Reason</dt>
          <dd className="break-words">{report.reason}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        {report.postStatus === "visible" ? <Button onClick={() => setHiding(true)}>Hide post</Button> : null}
        <Button variant="outline" disabled={busy} onClick={() => void dismiss()}>
          {busy ? "Dismissing..." : "Dismiss"}
        </Button>
      </div>
      <InlineError>{error}</InlineError>
      <ReasonDialog
        open={hiding}
        onOpenChange={setHiding}
        title="Hide this post"
        description="Members stop seeing it, and its open reports are resolved. You can restore it from the thread."
        label="Reason"
        confirmLabel="Hide post"
        busyLabel="Hiding..."
        onConfirm={(reason) => hidePost({ postId: report.postId, reason })}
      />
    </li>
  );
}

function ReportQueue() {
  const { results, status, loadMore } = useReports();
  const timeZone = useTimeZone();
  const now = useNow(60_000);
  if (status === "LoadingFirstPage") return <LoadingList label="Loading reports" rows={3} />;
  if (results.length === 0) return <p className="rounded-xl border border-dashed bg-card p-6 text-muted-foreground">No open reports. Nothing needs you right now.</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Open reports" className="flex flex-col gap-3">
        {results.map((report) => (
          <ReportItem key={report.reportId} report={report} now={now} timeZone={timeZone} />
        ))}
      </ul>
      {status === "Exhausted" ? null : (
        <Button variant="outline" className="self-start" onClick={() => loadMore(FORUM_PAGE_SIZE)} disabled={status === "LoadingMore"}>
          {status === "LoadingMore" ? "Loading..." : "Load more reports"}
        </Button>
      )}
    </div>
  );
}

function AuditLog() {
  const { results, status, loadMore } = useAuditLog();
  const timeZone = useTimeZone();
  const now = useNow(60_000);
  if (status === "LoadingFirstPage") return <LoadingList label="Loading the audit log" rows={3} />;
  if (results.length === 0) return <p className="rounded-xl border border-dashed bg-card p-6 text-muted-foreground">No moderation actions yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Audit log" className="flex flex-col gap-2">
        {results.map((entry) => (
          <li key={entry._id} className="flex flex-col gap-1 rounded-lg border bg-card p-4 text-sm">
            <p>
              <span className="font-semibold">{entry.actor.name}</span> {ACTION_LABELS[entry.action].toLowerCase()} in{" "}
              <Link to="/forum/t/$threadId" params={{ threadId: entry.threadId }} className={linkClass}>
                {entry.threadTitle}
              </Link>
              {entry.fromCategory && entry.toCategory ? ` (from ${entry.fromCategory} to ${entry.toCategory})` : null}
            </p>
            {entry.reason ? <p className="break-words text-muted-foreground">Reason: {entry.reason}</p> : null}
            <When ms={entry.at} past now={now} timeZone={timeZone} />
          </li>
        ))}
      </ul>
      {status === "Exhausted" ? null : (
        <Button variant="outline" className="self-start" onClick={() => loadMore(FORUM_PAGE_SIZE)} disabled={status === "LoadingMore"}>
          {status === "LoadingMore" ? "Loading..." : "Load more entries"}
        </Button>
      )}
    </div>
  );
}

function Moderation() {
  const standing = useStanding();
  if (standing === undefined) return <LoadingList title label="Loading moderation" />;
  if (!standing.canModerate) {
    return (
      <NotFound
        message="Moderation is for coaches and admins."
        action={
          <Link to="/forum" className={linkClass}>
            Back to the forum
          </Link>
        }
      />
    );
  }
  return (
    <Tabs defaultValue="reports">
      <TabsList aria-label="Moderation">
        <TabsTrigger value="reports">Reports</TabsTrigger>
        {standing.canAudit ? <TabsTrigger value="audit">Audit log</TabsTrigger> : null}
      </TabsList>
      <TabsContent value="reports">
        <ReportQueue />
      </TabsContent>
      {standing.canAudit ? (
        <TabsContent value="audit">
          <AuditLog />
        </TabsContent>
      ) : null}
    </Tabs>
  );
}

/** /forum/moderation: the reports queue for staff, and the audit log for admins. */
export function ModerationPage() {
  return (
    <ForumColumn labelledBy="moderation-title">
      <Breadcrumb items={[{ label: "Forum", link: <ForumCrumb /> }, { label: "Moderation" }]} />
      <header className="flex flex-col gap-2">
        <h1 id="moderation-title" className="text-3xl font-bold">
          Forum moderation
        </h1>
        <p className="text-muted-foreground">Reported posts, oldest first. Hide what breaks the house rules; dismiss what doesn't.</p>
      </header>
      <LoadErrorBoundary action={null}>
        <Moderation />
      </LoadErrorBoundary>
    </ForumColumn>
  );
}
