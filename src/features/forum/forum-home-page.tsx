import { api } from "@convex/_generated/api";
import { FORUM_MESSAGES, PROFILE_MESSAGES } from "@convex/model/messages";
import { isValidForumName, normalizeForumName } from "@convex/model/users";
import { Link, useNavigate } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import { MessagesSquareIcon, SearchIcon, ShieldIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { FormField } from "@/components/forms/form-field";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { LoadErrorBoundary, When } from "@/features/sessions/page-states";
import { errorMessage, fieldErrors } from "@/lib/user-error";
import { useCategories, useStanding, type ForumCategory, type ForumStanding } from "./data";
import { ForumColumn, GuestNote, linkClass } from "./shared";

/** Choosing a forum name (prefilled with one already chosen) and joining, with the server's words beside the field. */
export function JoinCard({ standing }: { standing: ForumStanding }) {
  const join = useMutation(api.forum.join);
  const id = `${useId()}-forum-name`;
  const [name, setName] = useState(standing.forumName ?? "");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const forumName = normalizeForumName(name);
    const problem = forumName === "" ? FORUM_MESSAGES.FORUM_NAME_REQUIRED : isValidForumName(forumName) ? undefined : PROFILE_MESSAGES.FORUM_NAME_INVALID;
    setFieldError(problem);
    setError(null);
    if (problem) return;
    setJoining(true);
    try {
      await join({ forumName });
    } catch (caught) {
      const fields = fieldErrors(caught);
      if (fields.forumName) setFieldError(fields.forumName);
      else setError(errorMessage(caught));
    } finally {
      setJoining(false);
    }
  }

  return (
    <section aria-labelledby="join-title" className="flex flex-col gap-4 rounded-xl border border-primary/40 bg-card p-6">
      <div className="flex flex-col gap-1">
        <h2 id="join-title" className="text-xl font-semibold">
          Join the forum
        </h2>
        <p className="text-muted-foreground">{FORUM_MESSAGES.FORUM_NOT_JOINED} Your forum name is what other members see; your real name stays private.</p>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormField id={id} label="Forum name" required hint="3 to 30 characters: letters, numbers, spaces, dots, dashes or underscores." error={fieldError}>
          {(control) => <Input {...control} name="forumName" autoComplete="nickname" spellCheck={false} value={name} onChange={(event) => setName(event.target.value)} className="max-w-sm" />}
        </FormField>
        <InlineError>{error}</InlineError>
        <Button type="submit" size="lg" className="self-start" disabled={joining}>
          {joining ? "Joining..." : "Join the forum"}
        </Button>
      </form>
    </section>
  );
}

/** The search box: it leads to /forum/search, where the results live in the address. */
export function ForumSearchBox({ initial = "" }: { initial?: string }) {
  const navigate = useNavigate();
  const id = `${useId()}-search`;
  const [query, setQuery] = useState(initial);
  return (
    <form
      role="search"
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({ to: "/forum/search", search: { q: query.trim() } });
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Search the forum
      </label>
      <div className="flex flex-wrap gap-2">
        <Input id={id} type="search" name="q" value={query} onChange={(event) => setQuery(event.target.value)} className="max-w-md flex-1" />
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden />
          Search
        </Button>
      </div>
    </form>
  );
}

function CategoryItem({ category, now, timeZone }: { category: ForumCategory; now: number; timeZone: string }) {
  const titleId = `category-${category._id}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl border bg-card p-5">
      <h2 id={titleId} className="text-lg font-semibold">
        <Link to="/forum/c/$slug" params={{ slug: category.slug }} className={linkClass}>
          {category.name}
        </Link>
      </h2>
      <p className="text-muted-foreground">{category.description}</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>
          {category.threadCount} {category.threadCount === 1 ? "thread" : "threads"}
        </span>
        {category.lastActivityAt === undefined ? (
          <span>No posts yet</span>
        ) : (
          <span>
            Last activity <When ms={category.lastActivityAt} past now={now} timeZone={timeZone} />
          </span>
        )}
        {category.visibility === "hidden" ? <span>Staff only</span> : null}
      </p>
    </li>
  );
}

function Categories() {
  const categories = useCategories();
  const timeZone = useTimeZone();
  const [now] = useState(() => Date.now());
  if (categories === undefined) return <LoadingList label="Loading categories" rows={4} />;
  if (categories.length === 0) return <p className="rounded-xl border border-dashed bg-card p-6 text-muted-foreground">The forum's categories are being set up. Please look again soon.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {categories.map((category) => (
        <CategoryItem key={category._id} category={category} now={now} timeZone={timeZone} />
      ))}
    </ul>
  );
}

function ForumHome() {
  const standing = useStanding();
  return (
    <>
      {standing?.blocked === "not_joined" ? <JoinCard standing={standing} /> : null}
      {standing?.blocked === "guest" ? <GuestNote /> : null}
      <ForumSearchBox />
      {standing?.canModerate ? (
        <Link to="/forum/moderation" className={`${linkClass} gap-2 self-start`}>
          <ShieldIcon className="size-4" aria-hidden />
          Moderation: reports and actions
        </Link>
      ) : null}
      <Categories />
    </>
  );
}

/** /forum: the categories, the search box, and joining for members who have not yet. */
export function ForumHomePage() {
  return (
    <ForumColumn labelledBy="forum-title">
      <header className="flex flex-col gap-2">
        <h1 id="forum-title" className="flex items-center gap-3 text-3xl font-bold">
          <MessagesSquareIcon className="size-8 text-primary" aria-hidden />
          Community Forum
        </h1>
        <p className="text-muted-foreground">Peer support from other ADHD entrepreneurs. Ask, share what works, and cheer each other on.</p>
      </header>
      <LoadErrorBoundary action={null}>
        <ForumHome />
      </LoadErrorBoundary>
    </ForumColumn>
  );
}
