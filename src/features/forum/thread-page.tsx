import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { FORUM_MESSAGES } from "@convex/model/messages";
import { bodyError, FORUM_PAGE_SIZE, FORUM_REACTION_LABELS, FORUM_REACTIONS, titleError, type ForumReaction } from "@convex/model/forumRules";
import { Link } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import { BellIcon, BellRingIcon, CircleDotIcon, FlagIcon, PencilIcon, ShieldIcon, Trash2Icon } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField } from "@/components/forms/form-field";
import { InlineError } from "@/components/forms/inline-error";
import { useFormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { LoadErrorBoundary, NotFound, When } from "@/features/sessions/page-states";
import { useNow } from "@/lib/use-now";
import { errorMessage } from "@/lib/user-error";
import { cn } from "@/lib/utils";
import { serverFormErrors } from "./category-page";
import { usePosts, useStanding, useThread, type ForumStanding, type PostView, type ThreadView } from "./data";
import { ForumMarkdown } from "./forum-markdown";
import { DeleteDialog, MoveDialog, ReasonDialog } from "./post-dialogs";
import {
  AuthorName,
  BodyEditor,
  Breadcrumb,
  CannotPostNote,
  ForumColumn,
  ForumCrumb,
  linkClass,
  MARKDOWN_HINT,
  StateMarker,
  ThreadMarkers,
} from "./shared";

/** Runs a mutation and keeps its failure in words for the post it belongs to. */
function useAction() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  return { error, busy, run };
}

/** One button per kind reaction; pressed when it is the reader's own. Readers who cannot post see the counts only. */
function Reactions({ post, canReact }: { post: PostView; canReact: boolean }) {
  const react = useMutation(api.forum.react);
  const action = useAction();
  const counts = new Map(post.reactions.map((entry) => [entry.reaction, entry]));
  if (!canReact) {
    const given = FORUM_REACTIONS.filter((reaction) => (counts.get(reaction)?.count ?? 0) > 0);
    if (given.length === 0) return null;
    return (
      <ul aria-label="Reactions" className="flex flex-wrap gap-3 text-sm text-muted-foreground">
        {given.map((reaction) => (
          <li key={reaction}>
            <span aria-hidden>{FORUM_REACTION_LABELS[reaction].emoji}</span> {FORUM_REACTION_LABELS[reaction].label}: {counts.get(reaction)?.count}
          </li>
        ))}
      </ul>
    );
  }
  const toggle = (reaction: ForumReaction) => void action.run(() => react({ postId: post._id, reaction }));
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label="Reactions" className="flex flex-wrap gap-2">
        {FORUM_REACTIONS.map((reaction) => {
          const entry = counts.get(reaction);
          const mine = entry?.mine ?? false;
          const count = entry?.count ?? 0;
          return (
            <Button
              key={reaction}
              type="button"
              variant="outline"
              size="sm"
              aria-pressed={mine}
              disabled={action.busy}
              onClick={() => toggle(reaction)}
              className={cn("rounded-full", mine && "border-primary bg-primary/10 text-foreground")}
            >
              <span aria-hidden>{FORUM_REACTION_LABELS[reaction].emoji}</span>
              {FORUM_REACTION_LABELS[reaction].label}
              {count > 0 ? <span className="font-semibold">{count}</span> : null}
            </Button>
          );
        })}
      </div>
      <InlineError>{action.error}</InlineError>
    </div>
  );
}

/** The author's own edit, in place: the title too on an opening post. */
function EditPostForm({ post, title, onDone }: { post: PostView; title: string | undefined; onDone: () => void }) {
  const editPost = useMutation(api.forum.editPost);
  const uid = useId();
  const ids = { title: `${uid}-title`, body: `${uid}-body` };
  const [values, setValues] = useState({ title: title ?? "", body: post.body });
  const [saving, setSaving] = useState(false);
  const form = useFormErrors(ids);
  const editsTitle = title !== undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = { title: editsTitle ? titleError(values.title) : undefined, body: bodyError(values.body) };
    if (fields.title || fields.body) {
      form.fail({ message: FORUM_MESSAGES.INVALID_FORUM_POST, fields });
      return;
    }
    form.clear();
    setSaving(true);
    try {
      await editPost({ postId: post._id, body: values.body, ...(editsTitle ? { title: values.title.trim() } : {}) });
      onDone();
    } catch (error) {
      form.fail(serverFormErrors(error));
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Edit post" className="flex flex-col gap-4">
      {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
      {editsTitle ? (
        <FormField id={ids.title} label="Title" required error={form.errors?.fields.title}>
          {(control) => <Input {...control} name="title" value={values.title} onChange={(event) => setValues((current) => ({ ...current, title: event.target.value }))} />}
        </FormField>
      ) : null}
      <FormField id={ids.body} label="Your post" required hint={MARKDOWN_HINT} error={form.errors?.fields.body}>
        {(control) => <BodyEditor control={control} label="Your post" value={values.body} onChange={(body) => setValues((current) => ({ ...current, body }))} />}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save changes"}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

type ModDialog = "hide" | "delete" | "move" | null;

/** Staff actions on a post, and on the opening post also the thread's: the server checks the role either way. */
function ModerationMenu({ post, thread }: { post: PostView; thread: ThreadView }) {
  const hidePost = useMutation(api.forumModeration.hidePost);
  const restorePost = useMutation(api.forumModeration.restorePost);
  const deletePost = useMutation(api.forumModeration.deletePost);
  const setLocked = useMutation(api.forumModeration.setLocked);
  const setPinned = useMutation(api.forumModeration.setPinned);
  const moveThread = useMutation(api.forumModeration.moveThread);
  const action = useAction();
  const [dialog, setDialog] = useState<ModDialog>(null);
  const threadId = thread.thread._id;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" disabled={action.busy}>
            <ShieldIcon aria-hidden />
            Moderate
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {post.status === "visible" ? <DropdownMenuItem onSelect={() => setDialog("hide")}>Hide post</DropdownMenuItem> : null}
          {post.status === "hidden" ? (
            <DropdownMenuItem onSelect={() => void action.run(() => restorePost({ postId: post._id }))}>Restore post</DropdownMenuItem>
          ) : null}
          {post.status === "deleted" ? null : <DropdownMenuItem onSelect={() => setDialog("delete")}>Delete with reason</DropdownMenuItem>}
          {post.opening ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => void action.run(() => setLocked({ threadId, locked: !thread.thread.locked }))}>
                {thread.thread.locked ? "Unlock thread" : "Lock thread"}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void action.run(() => setPinned({ threadId, pinned: !thread.thread.pinned }))}>
                {thread.thread.pinned ? "Unpin thread" : "Pin thread"}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setDialog("move")}>Move to category</DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <InlineError>{action.error}</InlineError>
      <ReasonDialog
        open={dialog === "hide"}
        onOpenChange={close}
        title="Hide this post"
        description={post.opening ? "Members stop seeing the thread. Staff still see it, with your reason, and can restore it." : "Members stop seeing it. Staff still see it, with your reason, and can restore it."}
        label="Reason"
        confirmLabel="Hide post"
        busyLabel="Hiding..."
        onConfirm={(reason) => hidePost({ postId: post._id, reason })}
      />
      <ReasonDialog
        open={dialog === "delete"}
        onOpenChange={close}
        title="Delete this post"
        description={post.opening ? "This deletes the whole thread for everyone. It is recorded in the audit log." : "Its text is removed for everyone. It is recorded in the audit log."}
        label="Reason"
        confirmLabel="Delete post"
        busyLabel="Deleting..."
        destructive
        onConfirm={(reason) => deletePost({ postId: post._id, reason })}
      />
      {post.opening ? (
        <MoveDialog open={dialog === "move"} onOpenChange={close} current={thread.category._id} onConfirm={(categoryId) => moveThread({ threadId, categoryId })} />
      ) : null}
    </>
  );
}

/** The author's Edit and Delete, or a reader's Report. */
function PostActions({ post, canWrite, onEdit }: { post: PostView; canWrite: boolean; onEdit: () => void }) {
  const deletePost = useMutation(api.forum.deletePost);
  const report = useMutation(api.forum.report);
  const [dialog, setDialog] = useState<"delete" | "report" | null>(null);
  const [reported, setReported] = useState(false);
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  if (post.status === "deleted") return null;
  if (post.mine) {
    return (
      <>
        {post.canEdit ? (
          <Button variant="ghost" size="sm" onClick={onEdit}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={() => setDialog("delete")}>
          <Trash2Icon aria-hidden />
          Delete
        </Button>
        <DeleteDialog open={dialog === "delete"} onOpenChange={close} opening={post.opening} onConfirm={() => deletePost({ postId: post._id })} />
      </>
    );
  }
  if (!canWrite || post.status !== "visible") return null;
  if (reported) return <p role="status" className="text-sm text-muted-foreground">Reported. A moderator will look at it soon.</p>;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setDialog("report")}>
        <FlagIcon aria-hidden />
        Report
      </Button>
      <ReasonDialog
        open={dialog === "report"}
        onOpenChange={close}
        title="Report this post"
        description="Tell the moderators what is wrong. Only they see your report; the author is not told who sent it."
        label="What is the problem?"
        confirmLabel="Send report"
        busyLabel="Sending..."
        onConfirm={async (reason) => {
          await report({ postId: post._id, reason });
          setReported(true);
        }}
      />
    </>
  );
}

interface PostItemProps {
  post: PostView;
  thread: ThreadView;
  standing: ForumStanding;
  now: number;
  timeZone: string;
  /** Arrived while the page was open. */
  fresh: boolean;
}

function PostItem({ post, thread, standing, now, timeZone, fresh }: PostItemProps) {
  const [editing, setEditing] = useState(false);
  const canWrite = standing.blocked === undefined;
  const headingId = `post-${post._id}`;
  const label = post.opening ? "Opening post" : "Reply";
  return (
    <article aria-labelledby={headingId} className={cn("flex flex-col gap-3 rounded-xl border bg-card p-4 sm:p-5", post.status === "hidden" && "border-dashed border-warning/50")}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="sr-only">
          {label} by {post.author.name}
        </h2>
        <AuthorName author={post.author} />
        <When ms={post.createdAt} past now={now} timeZone={timeZone} />
        {post.editedAt !== undefined && post.status !== "deleted" ? <span className="text-sm text-muted-foreground">(edited)</span> : null}
        {fresh ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
            <CircleDotIcon className="size-3" aria-hidden />
            New
          </span>
        ) : null}
        {post.status === "hidden" ? <StateMarker marker="hidden" /> : null}
      </header>
      {post.moderationReason ? <p className="text-sm text-muted-foreground">Moderator's reason: {post.moderationReason}</p> : null}
      {post.status === "deleted" ? (
        <p className="text-sm text-muted-foreground italic">This post was deleted.</p>
      ) : editing ? (
        <EditPostForm post={post} title={post.opening ? thread.thread.title : undefined} onDone={() => setEditing(false)} />
      ) : (
        <ForumMarkdown>{post.body}</ForumMarkdown>
      )}
      {post.status === "visible" && !editing ? <Reactions post={post} canReact={canWrite} /> : null}
      {editing ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <PostActions post={post} canWrite={canWrite} onEdit={() => setEditing(true)} />
          {standing.canModerate ? <ModerationMenu post={post} thread={thread} /> : null}
        </div>
      )}
    </article>
  );
}

function UnreadDivider() {
  return (
    <li className="flex items-center gap-3 text-sm font-semibold text-primary">
      <span aria-hidden className="h-px flex-1 bg-primary/50" />
      Unread since your last visit
      <span aria-hidden className="h-px flex-1 bg-primary/50" />
    </li>
  );
}

/**
 * Keeps the thread marked as read: on opening, and whenever posts arrive while the page is visible
 * (posts that arrive in a background tab are marked once the tab is looked at again).
 */
function useMarkRead(threadId: Id<"forumThreads">, latest: string | undefined) {
  const markRead = useMutation(api.forum.markRead);
  const pending = useRef(false);
  useEffect(() => {
    if (latest === undefined) return;
    // Reading state is a convenience: a failed mark leaves the thread "New", which is harmless.
    const send = () => void markRead({ threadId }).catch(() => {});
    if (document.visibilityState === "visible") send();
    else pending.current = true;
    const onVisible = () => {
      if (document.visibilityState !== "visible" || !pending.current) return;
      pending.current = false;
      send();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [markRead, threadId, latest]);
}

function Posts({ thread, standing }: { thread: ThreadView; standing: ForumStanding }) {
  const threadId = thread.thread._id;
  const { results, status, loadMore } = usePosts(threadId);
  const timeZone = useTimeZone();
  const now = useNow(60_000);
  // Both fixed at opening: the divider stays where it was, and only posts that arrive live count as new.
  const [lastReadAt] = useState(thread.lastReadAt);
  const [openedAt] = useState(() => Date.now());
  useMarkRead(threadId, status === "LoadingFirstPage" ? undefined : (results.at(-1)?._id ?? threadId));

  if (status === "LoadingFirstPage") return <LoadingList label="Loading posts" rows={3} />;
  const firstUnread = lastReadAt === null ? -1 : results.findIndex((post) => post.createdAt > lastReadAt && !post.mine);
  const arrived = results.filter((post) => post.createdAt > openedAt && !post.mine).length;
  return (
    <div className="flex flex-col gap-4">
      <ol aria-label="Posts" className="flex flex-col gap-4">
        {results.map((post, index) => (
          <PostListItem key={post._id} divider={index === firstUnread && index > 0}>
            <PostItem post={post} thread={thread} standing={standing} now={now} timeZone={timeZone} fresh={post.createdAt > openedAt && !post.mine} />
          </PostListItem>
        ))}
      </ol>
      {/* New replies are added below what is being read and announced here, politely. */}
      <p role="status" aria-live="polite" className="sr-only">
        {arrived === 0 ? "" : arrived === 1 ? "1 new reply arrived at the end of the thread." : `${arrived} new replies arrived at the end of the thread.`}
      </p>
      {status === "Exhausted" ? null : (
        <Button variant="outline" className="self-start" onClick={() => loadMore(FORUM_PAGE_SIZE)} disabled={status === "LoadingMore"}>
          {status === "LoadingMore" ? "Loading..." : "Load more replies"}
        </Button>
      )}
    </div>
  );
}

function PostListItem({ divider, children }: { divider: boolean; children: ReactNode }) {
  return (
    <>
      {divider ? <UnreadDivider /> : null}
      <li>{children}</li>
    </>
  );
}

function ReplyForm({ threadId }: { threadId: Id<"forumThreads"> }) {
  const reply = useMutation(api.forum.reply);
  const uid = useId();
  const ids = { body: `${uid}-reply` };
  const [body, setBody] = useState("");
  const [posting, setPosting] = useState(false);
  const [posted, setPosted] = useState(false);
  const form = useFormErrors(ids);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPosted(false);
    const problem = bodyError(body);
    if (problem) {
      form.fail({ message: FORUM_MESSAGES.INVALID_FORUM_POST, fields: { body: problem } });
      return;
    }
    form.clear();
    setPosting(true);
    try {
      await reply({ threadId, body });
      setBody("");
      setPosted(true);
    } catch (error) {
      form.fail(serverFormErrors(error, ["body"]));
    } finally {
      setPosting(false);
    }
  }

  return (
    <section aria-labelledby="reply-title" className="flex flex-col gap-4 rounded-xl border bg-card p-5">
      <h2 id="reply-title" className="text-xl font-semibold">
        Reply
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
        <FormField id={ids.body} label="Your reply" required hint={MARKDOWN_HINT} error={form.errors?.fields.body}>
          {(control) => (
            <BodyEditor
              control={control}
              label="Your reply"
              value={body}
              onChange={(next) => {
                setPosted(false);
                setBody(next);
              }}
            />
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" size="lg" disabled={posting}>
            {posting ? "Posting..." : "Post reply"}
          </Button>
          <p role="status" className="text-sm font-medium">
            {posted ? "Your reply is posted." : null}
          </p>
        </div>
      </form>
    </section>
  );
}

function FollowButton({ thread }: { thread: ThreadView }) {
  const follow = useMutation(api.forum.follow);
  const action = useAction();
  const followed = thread.thread.followed;
  return (
    <div className="flex flex-col gap-1">
      <Button
        variant={followed ? "secondary" : "outline"}
        aria-pressed={followed}
        disabled={action.busy}
        onClick={() => void action.run(() => follow({ threadId: thread.thread._id, followed: !followed }))}
      >
        {followed ? <BellRingIcon aria-hidden /> : <BellIcon aria-hidden />}
        {followed ? "Following" : "Follow"}
      </Button>
      <InlineError>{action.error}</InlineError>
    </div>
  );
}

function Thread({ threadId }: { threadId: Id<"forumThreads"> }) {
  const thread = useThread(threadId);
  const standing = useStanding();
  if (thread === undefined || standing === undefined) return <LoadingList title label="Loading the thread" />;
  if (thread === null) {
    return (
      <NotFound
        message={FORUM_MESSAGES.THREAD_NOT_FOUND}
        action={
          <Link to="/forum" className={linkClass}>
            Back to the forum
          </Link>
        }
      />
    );
  }
  const { category } = thread;
  return (
    <>
      <Breadcrumb
        items={[
          { label: "Forum", link: <ForumCrumb /> },
          {
            label: category.name,
            link: (
              <Link to="/forum/c/$slug" params={{ slug: category.slug }} className={linkClass}>
                {category.name}
              </Link>
            ),
          },
        ]}
      />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <ThreadMarkers thread={thread.thread} />
          </div>
          <h1 className="text-3xl font-bold break-words">{thread.thread.title}</h1>
        </div>
        {standing.blocked === undefined ? <FollowButton thread={thread} /> : null}
      </header>
      {/* Keyed, so the divider's "last visit" is taken afresh for each thread opened. */}
      <Posts key={threadId} thread={thread} standing={standing} />
      {thread.canReply ? <ReplyForm threadId={threadId} /> : <CannotPostNote standing={standing} locked={thread.thread.locked} />}
    </>
  );
}

/** /forum/t/$threadId: a thread, oldest post first, live, with replying, reacting and moderating. */
export function ThreadPage({ threadId }: { threadId: Id<"forumThreads"> }) {
  return (
    <ForumColumn>
      <LoadErrorBoundary
        action={
          <Link to="/forum" className={linkClass}>
            Back to the forum
          </Link>
        }
      >
        <Thread threadId={threadId} />
      </LoadErrorBoundary>
    </ForumColumn>
  );
}
