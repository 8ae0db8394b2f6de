import { useAfterHydration } from "@/lib/hydration";
import { PRERENDER_TIME_ZONE, publishedDate } from "./articles";

/**
 * The date in the reader's calendar. Over a prerendered page the first render shows the build's
 * (UTC), so it matches the markup; the reader's follows at once.
 */
export function PublishedDate({ ms }: { ms: number }) {
  return useAfterHydration(
    () => publishedDate(ms),
    () => publishedDate(ms, PRERENDER_TIME_ZONE),
  );
}

export function ArticleMeta({ publishedAt, readingMinutes, author }: { publishedAt: number; readingMinutes: number; author: string }) {
  return (
    <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
      <time dateTime={new Date(publishedAt).toISOString()}>
        <PublishedDate ms={publishedAt} />
      </time>
      <span aria-hidden>·</span>
      <span>{readingMinutes} min read</span>
      <span aria-hidden>·</span>
      <span>{author}</span>
    </p>
  );
}

export function Tags({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Topics">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-secondary px-2.5 py-0.5 text-sm text-secondary-foreground">
          {tag}
        </li>
      ))}
    </ul>
  );
}
