import type { ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { cn } from "@/lib/utils";

type Props<T extends keyof React.JSX.IntrinsicElements> = ComponentProps<T> & { node?: unknown };

/**
 * A link in a member's post. Marked nofollow/ugc (members' links earn no ranking) and opened without
 * a referrer. react-markdown's URL check empties javascript:, data: and similar targets, and an
 * empty target stays plain text rather than a live link.
 */
function PostLink({ href, children, node: _node, ...props }: Props<"a">) {
  if (!href) return <span>{children}</span>;
  return (
    <a
      {...props}
      href={href}
      rel="nofollow ugc noopener noreferrer"
      className="font-medium text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      {children}
    </a>
  );
}

/** Images are not loaded from posts (a remote image would tell its host who reads the forum): they show as a link. */
function PostImage({ src, alt }: Props<"img">) {
  const label = alt ? `Image: ${alt}` : "Image";
  return typeof src === "string" && src ? <PostLink href={src}>{label}</PostLink> : <span>{label}</span>;
}

/** Headings in a post stay inside the post: bold lines, so the page's own heading outline holds. */
const heading = ({ node: _node, ...props }: Props<"p">) => <p className="mt-4 text-lg font-semibold first:mt-0" {...props} />;

const COMPONENTS: Components = {
  h1: heading,
  h2: heading,
  h3: heading,
  h4: heading,
  h5: heading,
  h6: heading,
  p: ({ node: _node, ...props }) => <p className="mt-3 leading-7 first:mt-0" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="mt-3 flex list-disc flex-col gap-1 pl-6 marker:text-muted-foreground" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="mt-3 flex list-decimal flex-col gap-1 pl-6 marker:text-muted-foreground" {...props} />,
  li: ({ node: _node, ...props }) => <li className="pl-1 leading-7" {...props} />,
  blockquote: ({ node: _node, ...props }) => <blockquote className="mt-3 border-l-4 border-primary/60 pl-4 text-muted-foreground [&>p]:mt-0" {...props} />,
  a: PostLink,
  img: PostImage,
  strong: ({ node: _node, ...props }) => <strong className="font-semibold" {...props} />,
  hr: ({ node: _node, ...props }) => <hr className="my-4" {...props} />,
  code: ({ node: _node, ...props }) => <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em] break-words" {...props} />,
  // Focusable, so a keyboard can scroll a wide code block (axe: scrollable-region-focusable).
  pre: ({ node: _node, ...props }) => <pre tabIndex={0} className="mt-3 overflow-x-auto rounded-lg bg-muted p-3 [&>code]:bg-transparent [&>code]:p-0" {...props} />,
};

/**
 * A post's Markdown, safely: raw HTML is skipped (no rehype-raw), script links are not links, and
 * remote images are not fetched. The server refuses such posts too; this holds for older ones.
 */
export function ForumMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn("max-w-prose text-base break-words", className)}>
      <ReactMarkdown skipHtml components={COMPONENTS}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
