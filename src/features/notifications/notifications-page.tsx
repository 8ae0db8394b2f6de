import { api } from "@convex/_generated/api";
import type { Doc } from "@convex/_generated/dataModel";
import type { NotificationPriority } from "@convex/model/notifications";
import { useMutation, usePaginatedQuery } from "convex/react";
import {
  BellIcon,
  CheckCheckIcon,
  CheckIcon,
  CircleAlertIcon,
  CircleDotIcon,
  InfoIcon,
  OctagonAlertIcon,
  type LucideIcon,
} from "lucide-react";
import { useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { LoadErrorBoundary, When } from "@/features/sessions/page-states";
import { errorMessage } from "@/lib/user-error";
import { useTimeZone } from "@/features/auth/viewer";
import { cn } from "@/lib/utils";

const PAGE_SIZE = 20;

/** A word and an icon for each priority, so colour never carries it alone (UX.md). */
export const PRIORITY_LOOK: Record<NotificationPriority, { label: string; icon: LucideIcon; className: string }> = {
  urgent: { label: "Urgent", icon: OctagonAlertIcon, className: "text-destructive" },
  high: { label: "High priority", icon: CircleAlertIcon, className: "text-warning-foreground" },
  medium: { label: "Medium priority", icon: BellIcon, className: "text-primary" },
  low: { label: "Low priority", icon: InfoIcon, className: "text-muted-foreground" },
};

const linkClass =
  "inline-flex min-h-11 items-center rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

function NotificationItem({ item, now, timeZone }: { item: Doc<"notifications">; now: number; timeZone: string }) {
  const markRead = useMutation(api.notifications.markRead);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const priority = PRIORITY_LOOK[item.priority];
  const titleId = `notification-${item._id}`;

  async function read() {
    setSaving(true);
    setError(null);
    try {
      await markRead({ notificationId: item._id });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <li aria-labelledby={titleId} className={cn("flex flex-col gap-2 rounded-xl border bg-card p-5", !item.read && "border-primary/60")}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
            {item.read ? null : (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-primary-foreground">
                <CircleDotIcon className="size-3" aria-hidden />
                Unread
              </span>
            )}
            <span className={cn("inline-flex items-center gap-1", priority.className)}>
              <priority.icon className="size-3.5" aria-hidden />
              {priority.label}
            </span>
          </div>
          <h2 id={titleId} className={cn("text-base break-words", item.read ? "font-medium" : "font-bold")}>
            {item.title}
          </h2>
        </div>
        {item.read ? null : (
          <Button variant="outline" size="sm" onClick={() => void read()} disabled={saving}>
            <CheckIcon aria-hidden />
            Mark as read
            <span className="sr-only">: {item.title}</span>
          </Button>
        )}
      </div>
      <p className="break-words text-muted-foreground">{item.message}</p>
      <When ms={item.timestamp} past now={now} timeZone={timeZone} />
      {item.actions.length > 0 ? (
        <div className="flex flex-wrap gap-x-4">
          {item.actions.map((action) => (
            <a key={action.url} href={action.url} className={linkClass}>
              {action.label}
            </a>
          ))}
        </div>
      ) : null}
      <InlineError>{error}</InlineError>
    </li>
  );
}

function NotificationList() {
  const { results, status, loadMore } = usePaginatedQuery(api.notifications.list, {}, { initialNumItems: PAGE_SIZE });
  const markAllRead = useMutation(api.notifications.markAllRead);
  const timeZone = useTimeZone();
  const [now] = useState(() => Date.now());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function readAll() {
    setSaving(true);
    setError(null);
    try {
      await markAllRead();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  if (status === "LoadingFirstPage") return <LoadingList title label="Loading your notifications" />;
  if (results.length === 0)
    return (
      <div className="flex flex-col items-start gap-2 rounded-xl border bg-card p-6">
        <p className="font-semibold">No notifications yet</p>
        <p className="text-sm text-muted-foreground">Reminders, booking changes and new transcripts will show up here.</p>
      </div>
    );
  const unread = results.filter((item) => !item.read).length;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {unread === 0 ? "You're all caught up." : `${unread} unread`}
        </p>
        {unread > 0 ? (
          <Button variant="outline" onClick={() => void readAll()} disabled={saving}>
            <CheckCheckIcon aria-hidden />
            {saving ? "Saving..." : "Mark all as read"}
          </Button>
        ) : null}
      </div>
      <InlineError>{error}</InlineError>
      <ul className="flex flex-col gap-3">
        {results.map((item) => (
          <NotificationItem key={item._id} item={item} now={now} timeZone={timeZone} />
        ))}
      </ul>
      {status === "Exhausted" ? null : (
        <Button variant="outline" className="self-start" onClick={() => loadMore(PAGE_SIZE)} disabled={status === "LoadingMore"}>
          {status === "LoadingMore" ? "Loading..." : "Load more notifications"}
        </Button>
      )}
    </div>
  );
}

/** /dashboard/notifications: every notification, newest first, with reading them one by one or all at once. */
export function NotificationsPage() {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Notifications</h1>
        <p className="text-muted-foreground">Everything we told you about your sessions and account.</p>
      </header>
      <LoadErrorBoundary action={null}>
        <NotificationList />
      </LoadErrorBoundary>
    </div>
  );
}
