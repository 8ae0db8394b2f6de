import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { FORUM_MESSAGES } from "@convex/model/messages";
import { bodyError, FORUM_PAGE_SIZE, titleError } from "@convex/model/forumRules";
import { Link, useNavigate } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import { CircleDotIcon, MessageSquareIcon, PlusIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { useFormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { LoadErrorBoundary, NotFound, When } from "@/features/sessions/page-states";
import { userErrorOf } from "@/lib/user-error";
import { useCategory, useStanding, useThreads, type ForumStanding, type ThreadSummary } from "./data";
import { BodyEditor, Breadcrumb, CannotPostNote, ForumColumn, ForumCrumb, linkClass, MARKDOWN_HINT, ThreadMarkers } from "./shared";

type PostField = "title" | "body";
const POST_FIELDS: readonly PostField[] = ["title", "body"];

/** The server's refusal as field errors and a summary (its fields by name; anything else as the summary alone). */
export function serverFormErrors(error: unknown, keys: readonly PostField[] = POST_FIELDS) {
  const data = userErrorOf(error);
  const fields: Partial<Record<PostField, string>> = {};
  for (const key of keys) {
    const message = data?.fields?.[key];
    if (message) fields[key] = message;
  }
  return { message: data?.message ?? "That didn't post. Please try again.", fields };
}

/** Title and body, checked here with the server's own rules before anything is sent. */
function NewThreadForm({ categoryId, onCancel }: { categoryId: Id<"forumCategories">; onCancel: () => void }) {
  const createThread = useMutation(api.forum.createThread);
  const navigate = useNavigate();
  const uid = useId();
  const ids = { title: `${uid}-title`, body: `${uid}-body` };
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [posting, setPosting] = useState(false);
  const form = useFormErrors(ids);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = { title: titleError(title), body: bodyError(body) };
    if (fields.title || fields.body) {
      form.fail({ message: FORUM_MESSAGES.INVALID_FORUM_POST, fields });
      return;
    }
    form.clear();
    setPosting(true);
    try {
      const threadId = await createThread({ categoryId, title: title.trim(), body });
      void navigate({ to: "/forum/t/$threadId", params: { threadId } });
    } catch (error) {
      form.fail(serverFormErrors(error));
      setPosting(false);
    }
  }

  return (
    <section aria-labelledby="new-thread-title" className="flex flex-col gap-4 rounded-xl border bg-card p-6">
      <h2 id="new-thread-title" className="text-xl font-semibold">
        New thread
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
        <RequiredNote />
        <FormField id={ids.title} label="Title" required hint="3 to 120 characters. A question works well." error={form.errors?.fields.title}>
          {(control) => <Input {...control} name="title" value={title} onChange={(event) => setTitle(event.target.value)} />}
        </FormField>
        <FormField id={ids.body} label="Your post" required hint={MARKDOWN_HINT} error={form.errors?.fields.body}>
          {(control) => <BodyEditor control={control} label="Your post" value={body} onChange={setBody} rows={8} />}
        </FormField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={posting}>
            {posting ? "Posting..." : "Post thread"}
          </Button>
          <Button type="button" variant="ghost" size="lg" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}

function ThreadRow({ thread, now, timeZone }: { thread: ThreadSummary; now: number; timeZone: string }) {
  const titleId = `thread-${thread._id}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        {thread.unread ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
            <CircleDotIcon className="size-3" aria-hidden />
            New
          </span>
        ) : null}
        <ThreadMarkers thread={thread} />
      </div>
      <h3 id={titleId} className={thread.unread ? "text-lg font-bold" : "text-lg font-medium"}>
        <Link to="/forum/t/$threadId" params={{ threadId: thread._id }} className={`${linkClass} break-words`}>
          {thread.title}
        </Link>
      </h3>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>by {thread.author.name}</span>
        <span className="inline-flex items-center gap-1">
          <MessageSquareIcon className="size-4" aria-hidden />
          {thread.replyCount} {thread.replyCount === 1 ? "reply" : "replies"}
        </span>
        <span>
          Last activity <When ms={thread.lastActivityAt} past now={now} timeZone={timeZone} />
        </span>
      </p>
    </li>
  );
}

function ThreadList({ categoryId, standing, onStart }: { categoryId: Id<"forumCategories">; standing: ForumStanding | undefined; onStart: () => void }) {
  const { results, status, loadMore } = useThreads(categoryId);
  const timeZone = useTimeZone();
  const [now] = useState(() => Date.now());
  if (status === "LoadingFirstPage") return <LoadingList label="Loading threads" rows={4} />;
  if (results.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed bg-card p-6">
        <p className="font-semibold">No threads here yet</p>
        <p className="text-muted-foreground">Ask a question or share something that helped you. Someone else is probably wondering too.</p>
        {standing && !standing.blocked ? (
          <Button onClick={onStart}>
            <PlusIcon aria-hidden />
            Start the first thread
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Threads" className="flex flex-col gap-3">
        {results.map((thread) => (
          <ThreadRow key={thread._id} thread={thread} now={now} timeZone={timeZone} />
        ))}
      </ul>
      {status === "Exhausted" ? null : (
        <Button variant="outline" className="self-start" onClick={() => loadMore(FORUM_PAGE_SIZE)} disabled={status === "LoadingMore"}>
          {status === "LoadingMore" ? "Loading..." : "Load more threads"}
        </Button>
      )}
    </div>
  );
}

function Category({ slug }: { slug: string }) {
  const category = useCategory(slug);
  const standing = useStanding();
  const [composing, setComposing] = useState(false);
  if (category === undefined) return <LoadingList title label="Loading the category" />;
  if (category === null) {
    return (
      <NotFound
        message={FORUM_MESSAGES.CATEGORY_NOT_FOUND}
        action={
          <Link to="/forum" className={linkClass}>
            Back to the forum
          </Link>
        }
      />
    );
  }
  return (
    <>
      <Breadcrumb items={[{ label: "Forum", link: <ForumCrumb /> }, { label: category.name }]} />
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold break-words">{category.name}</h1>
        <p className="text-muted-foreground">{category.description}</p>
      </header>
      {standing === undefined ? null : standing.blocked ? (
        <CannotPostNote standing={standing} />
      ) : composing ? (
        <NewThreadForm categoryId={category._id} onCancel={() => setComposing(false)} />
      ) : (
        <Button size="lg" className="self-start" onClick={() => setComposing(true)}>
          <PlusIcon aria-hidden />
          New thread
        </Button>
      )}
      <ThreadList categoryId={category._id} standing={standing} onStart={() => setComposing(true)} />
    </>
  );
}

/** /forum/c/$slug: a category's threads, pinned first, and starting a new one. */
export function CategoryPage({ slug }: { slug: string }) {
  return (
    <ForumColumn>
      <LoadErrorBoundary
        action={
          <Link to="/forum" className={linkClass}>
            Back to the forum
          </Link>
        }
      >
        <Category slug={slug} />
      </LoadErrorBoundary>
    </ForumColumn>
  );
}
