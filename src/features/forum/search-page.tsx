import { FORUM_SEARCH_MIN } from "@convex/model/forumRules";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { LoadErrorBoundary, When } from "@/features/sessions/page-states";
import { useSearch } from "./data";
import { ForumSearchBox } from "./forum-home-page";
import { Breadcrumb, ForumColumn, ForumCrumb, linkClass } from "./shared";

function Results({ query }: { query: string }) {
  const results = useSearch(query);
  const timeZone = useTimeZone();
  const [now] = useState(() => Date.now());
  if (results === undefined) return <LoadingList label="Searching the forum" rows={3} />;
  if (results.length === 0) {
    return (
      <div className="flex flex-col items-start gap-2 rounded-xl border border-dashed bg-card p-6">
        <p className="font-semibold">Nothing found for "{query}"</p>
        <p className="text-muted-foreground">Try fewer or different words, or ask the question yourself in a category: someone may know.</p>
        <Link to="/forum" className={linkClass}>
          Browse the categories
        </Link>
      </div>
    );
  }
  return (
    <>
      <p role="status" className="text-sm text-muted-foreground">
        {results.length} {results.length === 1 ? "result" : "results"} for "{query}"
      </p>
      <ul aria-label="Search results" className="flex flex-col gap-3">
        {results.map((result) => (
          <li key={result.postId} className="flex flex-col gap-1 rounded-xl border bg-card p-4">
            <Link to="/forum/t/$threadId" params={{ threadId: result.threadId }} className={`${linkClass} text-lg break-words`}>
              {result.opening ? result.title : `Reply in: ${result.title}`}
            </Link>
            <p className="break-words text-muted-foreground">{result.excerpt}</p>
            <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
              <span>in {result.category.name}</span>
              <When ms={result.createdAt} past now={now} timeZone={timeZone} />
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /forum/search?q=: threads and replies matching the words, best first. */
export function ForumSearchPage({ query }: { query: string }) {
  const words = query.trim();
  return (
    <ForumColumn labelledBy="search-title">
      <Breadcrumb items={[{ label: "Forum", link: <ForumCrumb /> }, { label: "Search" }]} />
      <h1 id="search-title" className="text-3xl font-bold">
        Search the forum
      </h1>
      {/* Keyed, so the field shows the words of the address after Back or a new search. */}
      <ForumSearchBox key={words} initial={words} />
      {[...words].length < FORUM_SEARCH_MIN ? (
        <p className="text-muted-foreground">Type at least {FORUM_SEARCH_MIN} characters to search.</p>
      ) : (
        <LoadErrorBoundary action={null}>
          <Results query={words} />
        </LoadErrorBoundary>
      )}
    </ForumColumn>
  );
}
