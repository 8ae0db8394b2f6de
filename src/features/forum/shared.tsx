import { FORUM_MESSAGES } from "@convex/model/messages";
import { Link } from "@tanstack/react-router";
import { ChevronRightIcon, EyeOffIcon, LockIcon, PinIcon, ShieldCheckIcon, Trash2Icon } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { ControlProps } from "@/components/forms/form-field";
import { fieldControlClass } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";
import { ForumMarkdown } from "./forum-markdown";

import type { ForumAuthor, ForumStanding, ThreadSummary } from "./data";

export const linkClass =
  "inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60";

/** The page column every forum page sits in. */
export function ForumColumn({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) {
  return (
    <div aria-labelledby={labelledBy} className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10 sm:py-12">
      {children}
    </div>
  );
}

/** "Forum › Category": where this page sits, each step a link. */
export function Breadcrumb({ items }: { items: { label: string; link?: ReactNode }[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {items.map((item, index) => (
          <li key={item.label} className="flex items-center gap-1">
            {index > 0 ? <ChevronRightIcon className="size-4" aria-hidden /> : null}
            {item.link ?? <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function ForumCrumb() {
  return (
    <Link to="/forum" className={linkClass}>
      Forum
    </Link>
  );
}

const ROLE_BADGES: Partial<Record<ForumAuthor["role"], string>> = { coach: "Coach", admin: "Admin" };

/** An author's forum name, with a word for coaches and admins so members know who speaks for LWCC. */
export function AuthorName({ author }: { author: ForumAuthor }) {
  const badge = ROLE_BADGES[author.role];
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-semibold break-words">{author.name}</span>
      {badge ? (
        <span className="inline-flex items-center gap-1 rounded-full border border-primary/40 px-2 py-0.5 text-xs font-semibold text-primary">
          <ShieldCheckIcon className="size-3.5" aria-hidden />
          {badge}
        </span>
      ) : null}
    </span>
  );
}

type Marker = "pinned" | "locked" | "hidden" | "deleted";

const MARKERS: Record<Marker, { label: string; icon: typeof PinIcon; className: string }> = {
  pinned: { label: "Pinned", icon: PinIcon, className: "border-primary/40 text-primary" },
  locked: { label: "Locked", icon: LockIcon, className: "border-border text-muted-foreground" },
  hidden: { label: "Hidden", icon: EyeOffIcon, className: "border-warning/50 text-warning-foreground" },
  deleted: { label: "Deleted", icon: Trash2Icon, className: "border-border text-muted-foreground" },
};

/** A thread's or post's state: an icon and a word, never colour alone (UX.md). */
export function StateMarker({ marker }: { marker: Marker }) {
  const look = MARKERS[marker];
  return (
    <span className={cn("inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold", look.className)}>
      <look.icon className="size-3.5" aria-hidden />
      {look.label}
    </span>
  );
}

/** Pinned, locked and (for staff) hidden, as the thread's summary says. */
export function ThreadMarkers({ thread }: { thread: Pick<ThreadSummary, "pinned" | "locked" | "status"> }) {
  return (
    <>
      {thread.pinned ? <StateMarker marker="pinned" /> : null}
      {thread.locked ? <StateMarker marker="locked" /> : null}
      {thread.status === "hidden" ? <StateMarker marker="hidden" /> : null}
    </>
  );
}

/** Why the caller cannot post here, in a calm line with the step that helps; null when they can. */
export function CannotPostNote({ standing, locked = false }: { standing: ForumStanding; locked?: boolean }) {
  if (standing.blocked === "guest") return <GuestNote />;
  if (standing.blocked === "not_joined") {
    return (
      <p className="rounded-xl border bg-card p-4 text-sm">
        {FORUM_MESSAGES.FORUM_NOT_JOINED}{" "}
        <Link to="/forum" className={linkClass}>
          Join on the forum's home page
        </Link>
      </p>
    );
  }
  if (locked) return <p className="flex items-center gap-2 rounded-xl border bg-card p-4 text-sm"><LockIcon className="size-4 shrink-0" aria-hidden />{FORUM_MESSAGES.THREAD_LOCKED}</p>;
  return null;
}

export function GuestNote() {
  return (
    <div className="flex flex-col items-start gap-1 rounded-xl border bg-card p-4 text-sm">
      <p className="font-semibold">Guests can read the forum; posting opens with membership.</p>
      <Link to="/account/upgrade" className={linkClass}>
        See membership plans
      </Link>
    </div>
  );
}

export const MARKDOWN_HINT = "Markdown works: **bold**, *italic*, lists, > quotes and [links](https://example.com). HTML does not.";

/**
 * A post's text with a Write / Preview switch, so members see how Markdown will look before posting.
 * The textarea gets FormField's control props, so its label, hint and error stay tied to it.
 */
export function BodyEditor({ control, value, onChange, rows = 6, label }: { control: ControlProps; value: string; onChange: (next: string) => void; rows?: number; label: string }) {
  const [tab, setTab] = useState("write");
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label={`${label}: write or preview`}>
        <TabsTrigger value="write">Write</TabsTrigger>
        <TabsTrigger value="preview">Preview</TabsTrigger>
      </TabsList>
      <TabsContent value="write" className="mt-2" forceMount hidden={tab !== "write"}>
        <textarea {...control} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} className={cn(fieldControlClass, "min-h-32")} />
      </TabsContent>
      <TabsContent value="preview" className="mt-2 min-h-32 rounded-md border bg-card p-3">
        {value.trim() ? <ForumMarkdown>{value}</ForumMarkdown> : <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>}
      </TabsContent>
    </Tabs>
  );
}
