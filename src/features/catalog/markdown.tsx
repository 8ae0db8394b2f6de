import { useNavigate } from "@tanstack/react-router";
import type { ComponentProps, MouseEvent } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import { safeRedirect } from "@/features/auth/redirects";
import { cn } from "@/lib/utils";

/** A link inside an article: pages of this site open through the router, others as plain links. */
function MarkdownLink({ href, children, className, node: _node, ...props }: ComponentProps<"a"> & { node?: unknown }) {
  const navigate = useNavigate();
  const internal = safeRedirect(href);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!internal || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href: internal });
  };
  return (
    <a
      {...props}
      href={href}
      onClick={onClick}
      rel={internal ? undefined : "noopener noreferrer"}
      className={cn(
        "font-medium text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60",
        className,
      )}
    >
      {children}
    </a>
  );
}

/**
 * Article bodies sit under the page's own h1, so markdown headings start at h2. Every element is
 * styled here with the theme's tokens, so it reads the same in light and dark.
 */
const COMPONENTS: Components = {
  h1: ({ node: _node, ...props }) => <h2 className="mt-10 text-2xl font-bold" {...props} />,
  h2: ({ node: _node, ...props }) => <h2 className="mt-10 text-2xl font-bold" {...props} />,
  h3: ({ node: _node, ...props }) => <h3 className="mt-8 text-xl font-semibold" {...props} />,
  h4: ({ node: _node, ...props }) => <h4 className="mt-6 text-lg font-semibold" {...props} />,
  h5: ({ node: _node, ...props }) => <h4 className="mt-6 text-lg font-semibold" {...props} />,
  h6: ({ node: _node, ...props }) => <h4 className="mt-6 text-lg font-semibold" {...props} />,
  p: ({ node: _node, ...props }) => <p className="mt-4 leading-7" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="mt-4 flex list-disc flex-col gap-2 pl-6 marker:text-muted-foreground" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="mt-4 flex list-decimal flex-col gap-2 pl-6 marker:text-muted-foreground" {...props} />,
  li: ({ node: _node, ...props }) => <li className="pl-1 leading-7" {...props} />,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote className="mt-6 border-l-4 border-primary bg-muted/40 py-2 pr-4 pl-5 text-lg italic [&>p]:mt-0" {...props} />
  ),
  a: MarkdownLink,
  strong: ({ node: _node, ...props }) => <strong className="font-semibold" {...props} />,
  hr: ({ node: _node, ...props }) => <hr className="my-8" {...props} />,
  code: ({ node: _node, ...props }) => <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em]" {...props} />,
  // Focusable, so a keyboard can scroll a wide code block (axe: scrollable-region-focusable).
  pre: ({ node: _node, ...props }) => <pre tabIndex={0} className="mt-4 overflow-x-auto rounded-lg bg-muted p-4 [&>code]:bg-transparent [&>code]:p-0" {...props} />,
  img: ({ node: _node, alt, ...props }) => <img className="mt-6 h-auto max-w-full rounded-lg" alt={alt ?? ""} loading="lazy" {...props} />,
  table: ({ node: _node, ...props }) => (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full border-collapse text-left" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th className="border-b px-3 py-2 font-semibold" {...props} />,
  td: ({ node: _node, ...props }) => <td className="border-b px-3 py-2" {...props} />,
};

/**
 * Renders an article's markdown. Safe by default: raw HTML in the body is dropped (no rehype-raw),
 * and react-markdown's URL check removes javascript: and other unsafe link targets.
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn("max-w-prose text-base", className)}>
      <ReactMarkdown skipHtml components={COMPONENTS}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
