import { api } from "@convex/_generated/api";
import { CONTACT_SUBJECT_LABELS } from "@convex/model/contact";
import { EMAIL_STATUS_LABELS, type EmailStatus } from "@convex/model/email";
import { useMutation, usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { ConvexError } from "convex/values";
import { format, formatDistanceStrict } from "date-fns";
import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  CircleDotIcon,
  ClockIcon,
  HourglassIcon,
  MailIcon,
  MailOpenIcon,
  MailWarningIcon,
  MailXIcon,
  MousePointerClickIcon,
  SendIcon,
  ShieldAlertIcon,
  type LucideIcon,
} from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useViewer } from "@/features/auth/viewer";
import { cn } from "@/lib/utils";
import { AdminErrorBoundary, AdminRequired } from "./admin-access";

const PAGE_SIZE = 20;

type ContactMessage = FunctionReturnType<typeof api.contact.list>["page"][number];
type OutboxEmail = FunctionReturnType<typeof api.email.outbox>["page"][number];

const pulse = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";

function ListSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} aria-hidden className="flex flex-col gap-2 rounded-xl border bg-card p-5">
          <div className={cn(pulse, "h-5 w-48")} />
          <div className={cn(pulse, "h-4 w-full")} />
          <div className={cn(pulse, "h-4 w-2/3")} />
        </div>
      ))}
    </div>
  );
}

/** "5 minutes ago · Jul 8, 2025, 3:00 PM" (UX.md: relative and absolute together). */
function When({ ms, now }: { ms: number; now: number }) {
  return (
    <time dateTime={new Date(ms).toISOString()} className="text-sm text-muted-foreground">
      {formatDistanceStrict(ms, Math.max(now, ms), { addSuffix: true })} · {format(ms, "MMM d, yyyy, h:mm a")}
    </time>
  );
}

function LoadMore({ status, onLoadMore, noun }: { status: string; onLoadMore: () => void; noun: string }) {
  if (status === "Exhausted" || status === "LoadingFirstPage") return null;
  return (
    <Button variant="outline" onClick={onLoadMore} disabled={status === "LoadingMore"} className="self-start">
      {status === "LoadingMore" ? "Loading..." : `Load more ${noun}`}
    </Button>
  );
}

function MessageItem({ message, now }: { message: ContactMessage; now: number }) {
  const setRead = useMutation(api.contact.setRead);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `message-${message._id}`;

  async function toggle() {
    setSaving(true);
    setError(null);
    try {
      await setRead({ id: message._id, read: !message.read });
    } catch (caught) {
      setError(caught instanceof ConvexError ? (caught.data as { message: string }).message : "That didn't save. Please try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <li
      aria-labelledby={titleId}
      className={cn("flex flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground", !message.read && "border-primary/60")}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={titleId} className={cn("flex flex-wrap items-center gap-2 text-base", message.read ? "font-medium" : "font-bold")}>
            {message.read ? null : (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                <CircleDotIcon className="size-3" aria-hidden />
                Unread
              </span>
            )}
            <span className="break-words">{message.name}</span>
            {message.subject ? <span className="font-normal text-muted-foreground">· {CONTACT_SUBJECT_LABELS[message.subject]}</span> : null}
          </h3>
          <a href={`mailto:${message.email}`} className="inline-flex min-h-11 items-center self-start text-sm break-all text-primary underline underline-offset-4">
            {message.email}
          </a>
          <When ms={message.createdAt} now={now} />
        </div>
        <Button variant="outline" size="sm" onClick={() => void toggle()} disabled={saving}>
          {message.read ? <MailIcon aria-hidden /> : <MailOpenIcon aria-hidden />}
          {message.read ? "Mark as unread" : "Mark as read"}{" "}
          <span className="sr-only">– message from {message.name}</span>
        </Button>
      </div>
      <p className="whitespace-pre-wrap break-words">{message.message}</p>
      {error ? (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <AlertTriangleIcon className="size-4" aria-hidden />
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The inbox, newest first. New messages arrive live and are announced politely. */
function Inbox() {
  const { results, status, loadMore } = usePaginatedQuery(api.contact.list, {}, { initialNumItems: PAGE_SIZE });
  const [now] = useState(() => Date.now());
  // The newest message seen so far; anything newer that arrives live is announced.
  const [seen, setSeen] = useState<{ latest: number | null; announcement: string }>({ latest: null, announcement: "" });
  const newest = results[0]?.createdAt ?? null;
  if (status !== "LoadingFirstPage" && newest !== null && (seen.latest === null || newest > seen.latest)) {
    const fresh = seen.latest === null ? 0 : results.filter((message) => message.createdAt > (seen.latest ?? 0)).length;
    setSeen({ latest: newest, announcement: fresh > 0 ? `${fresh} new ${fresh === 1 ? "message" : "messages"}` : seen.announcement });
  }

  if (status === "LoadingFirstPage") return <ListSkeleton label="Loading messages" />;
  const unread = results.filter((message) => !message.read).length;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {results.length === 0 ? "No messages yet." : `Showing ${results.length} ${results.length === 1 ? "message" : "messages"}, ${unread} unread.`}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {seen.announcement}
      </p>
      {results.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {results.map((message) => (
            <MessageItem key={message._id} message={message} now={now} />
          ))}
        </ul>
      ) : null}
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} noun="messages" />
    </div>
  );
}

/** Each status has its own words and icon, so none is told by colour alone; amber before red. */
const EMAIL_STATUS: Record<EmailStatus, { icon: LucideIcon; className: string }> = {
  queued: { icon: ClockIcon, className: "text-muted-foreground" },
  sent: { icon: SendIcon, className: "text-muted-foreground" },
  delivery_delayed: { icon: HourglassIcon, className: "text-warning-foreground" },
  delivered: { icon: CheckCircle2Icon, className: "text-success" },
  opened: { icon: MailOpenIcon, className: "text-success" },
  clicked: { icon: MousePointerClickIcon, className: "text-success" },
  complained: { icon: ShieldAlertIcon, className: "text-warning-foreground" },
  bounced: { icon: MailXIcon, className: "text-destructive" },
  failed: { icon: MailWarningIcon, className: "text-destructive" },
};

function OutboxItem({ email, now }: { email: OutboxEmail; now: number }) {
  const state = EMAIL_STATUS[email.status];
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-5 text-card-foreground">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold break-words">{email.subject}</h3>
        <span className={cn("inline-flex items-center gap-1.5 text-sm font-medium", state.className)}>
          <state.icon className="size-4" aria-hidden />
          {EMAIL_STATUS_LABELS[email.status]}
        </span>
      </div>
      <p className="text-sm break-all">To: {email.to}</p>
      <When ms={email.createdAt} now={now} />
      {email.error ? <p className="text-sm break-words">Reason: {email.error}</p> : null}
      <details className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md text-sm font-medium text-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
          Show the email
        </summary>
        {/* Long links wrap: no sideways scrolling, which a keyboard could not reach. */}
        <pre className="mt-2 rounded-lg bg-muted p-4 font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{email.text}</pre>
      </details>
    </li>
  );
}

function Outbox() {
  const { results, status, loadMore } = usePaginatedQuery(api.email.outbox, {}, { initialNumItems: PAGE_SIZE });
  const [now] = useState(() => Date.now());
  if (status === "LoadingFirstPage") return <ListSkeleton label="Loading the outbox" />;
  return (
    <div className="flex flex-col gap-4">
      {results.length === 0 ? <p className="text-muted-foreground">No e-mails yet.</p> : null}
      {results.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {results.map((email) => (
            <OutboxItem key={email._id} email={email} now={now} />
          ))}
        </ul>
      ) : null}
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE_SIZE)} noun="e-mails" />
    </div>
  );
}

const tabTrigger =
  "inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-xs";

/** Admin inbox: contact messages and the e-mail outbox, both live. */
export function MessagesPage({ redirect }: { redirect?: string }) {
  const viewer = useViewer();
  return (
    <section aria-labelledby="messages-title" className="mx-auto max-w-4xl px-4 py-12">
      <h1 id="messages-title" className="text-3xl font-bold">
        Messages
      </h1>
      <p className="mt-2 text-muted-foreground">What visitors and members sent through the contact form, and every e-mail the site sent.</p>
      <div className="mt-8">
        {viewer.status === "loading" ? (
          <ListSkeleton label="Loading messages" />
        ) : viewer.status === "signed-in" && viewer.user.role === "admin" ? (
          <Tabs.Root defaultValue="inbox">
            <Tabs.List aria-label="Messages and e-mail" className="inline-flex flex-wrap gap-1 rounded-lg border bg-muted p-1">
              <Tabs.Trigger value="inbox" className={tabTrigger}>
                Inbox
              </Tabs.Trigger>
              <Tabs.Trigger value="outbox" className={tabTrigger}>
                E-mail outbox
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="inbox" className="mt-6 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
              <AdminErrorBoundary>
                <Inbox />
              </AdminErrorBoundary>
            </Tabs.Content>
            <Tabs.Content value="outbox" className="mt-6 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
              <AdminErrorBoundary>
                <Outbox />
              </AdminErrorBoundary>
            </Tabs.Content>
          </Tabs.Root>
        ) : (
          <AdminRequired redirect={redirect} />
        )}
      </div>
    </section>
  );
}
