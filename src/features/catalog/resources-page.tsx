import { api } from "@convex/_generated/api";
import { Link } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import { BookOpenIcon, HelpCircleIcon, MailIcon, TrophyIcon } from "lucide-react";
import { ComponentErrorBoundary } from "@/components/layout/error-boundary";
import { EventsSection } from "@/features/marketing/events-section";
import { PublishedDate } from "./article-meta";
import { textLinkClass } from "./states";

const LATEST_POSTS = 3;

const cardLink =
  "flex min-h-11 items-start gap-3 rounded-xl border bg-card p-5 text-card-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60";

function LatestPosts() {
  const posts = useQuery(api.catalog.articles, { kind: "post" });
  if (posts === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only" role="status">
          Loading posts
        </span>
        {Array.from({ length: LATEST_POSTS }, (_, index) => (
          <div key={index} aria-hidden className="h-12 animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
        ))}
      </div>
    );
  }
  if (posts.length === 0) return <p className="text-muted-foreground">New posts are on their way.</p>;
  return (
    <ul className="flex flex-col gap-1">
      {posts.slice(0, LATEST_POSTS).map((post) => (
        <li key={post.slug}>
          <Link to="/blog/$slug" params={{ slug: post.slug }} className={`${textLinkClass} flex-wrap gap-x-2`}>
            {post.title}
          </Link>
          <p className="text-sm text-muted-foreground">
            <PublishedDate ms={post.publishedAt} /> · {post.readingMinutes} min read
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ResourcesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold sm:text-4xl">Resources</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Free events, reading and answers. Take what helps; leave the rest for another day.
      </p>

      <div className="mt-12">
        <EventsSection />
      </div>

      <div className="mt-16 grid gap-10 lg:grid-cols-2">
        <div>
          <h2 className="text-2xl font-bold">
            Latest from the blog
          </h2>
          <div className="mt-4">
            <ComponentErrorBoundary>
              <LatestPosts />
            </ComponentErrorBoundary>
          </div>
        </div>
        <div>
          <h2 className="text-2xl font-bold">More to explore</h2>
          <ul className="mt-4 grid gap-3">
            <li>
              <Link to="/blog" className={cardLink}>
                <BookOpenIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <span>
                  <span className="block font-semibold">Blog</span>
                  <span className="block text-sm text-muted-foreground">Short reads on focus, planning and tools.</span>
                </span>
              </Link>
            </li>
            <li>
              <Link to="/case-studies" className={cardLink}>
                <TrophyIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <span>
                  <span className="block font-semibold">Case studies</span>
                  <span className="block text-sm text-muted-foreground">What changed for members, step by step.</span>
                </span>
              </Link>
            </li>
            <li>
              <Link to="/faq" className={cardLink}>
                <HelpCircleIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <span>
                  <span className="block font-semibold">FAQ</span>
                  <span className="block text-sm text-muted-foreground">Short answers to what people ask us most.</span>
                </span>
              </Link>
            </li>
            <li>
              <Link to="/" hash="newsletter" className={cardLink}>
                <MailIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <span>
                  <span className="block font-semibold">Newsletter</span>
                  <span className="block text-sm text-muted-foreground">New events and posts, straight to your inbox.</span>
                </span>
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}
