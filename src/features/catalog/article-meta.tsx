import { publishedDate } from "./articles";

export function ArticleMeta({ publishedAt, readingMinutes, author }: { publishedAt: number; readingMinutes: number; author: string }) {
  return (
    <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
      <time dateTime={new Date(publishedAt).toISOString()}>{publishedDate(publishedAt)}</time>
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
