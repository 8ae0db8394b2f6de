import { api } from "@convex/_generated/api";
import { Link } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import { ArrowLeftIcon, FileQuestionIcon } from "lucide-react";
import { ComponentErrorBoundary } from "@/components/layout/error-boundary";
import { Button } from "@/components/ui/button";
import { ArticleMeta, Tags } from "./article-meta";
import { ARTICLE_KINDS, type ArticleKind } from "./articles";
import { Markdown } from "./markdown";
import { textLinkClass } from "./states";

const pulse = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";

function ArticleSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        {label}
      </span>
      <div aria-hidden className={`${pulse} h-10 w-4/5`} />
      <div aria-hidden className={`${pulse} h-4 w-48`} />
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} aria-hidden className={`${pulse} h-4 ${index % 3 === 2 ? "w-2/3" : "w-full"}`} />
      ))}
    </div>
  );
}

function BackLink({ kind }: { kind: ArticleKind }) {
  const config = ARTICLE_KINDS[kind];
  return (
    <Link to={config.listTo} className={`${textLinkClass} gap-1.5`}>
      <ArrowLeftIcon className="size-4" aria-hidden />
      {config.back}
    </Link>
  );
}

function ArticleBody({ kind, slug }: { kind: ArticleKind; slug: string }) {
  const config = ARTICLE_KINDS[kind];
  const article = useQuery(api.catalog.article, { kind, slug });
  if (article === undefined) return <ArticleSkeleton label="Loading the article" />;
  if (article === null) {
    return (
      <div className="flex flex-col items-start gap-4">
        <FileQuestionIcon className="size-8 text-primary" aria-hidden />
        <h1 className="text-3xl font-bold">{config.notFound}</h1>
        <p className="text-lg text-muted-foreground">It may have moved or been taken down. The full list is one step back.</p>
        <Button asChild size="lg">
          <Link to={config.listTo}>{config.back}</Link>
        </Button>
      </div>
    );
  }
  return (
    <article aria-labelledby="article-title">
      <header className="flex flex-col gap-3 border-b pb-6">
        <h1 id="article-title" className="text-3xl font-bold text-balance sm:text-4xl">
          {article.title}
        </h1>
        <ArticleMeta publishedAt={article.publishedAt} readingMinutes={article.readingMinutes} author={article.author} />
        <Tags tags={article.tags} />
      </header>
      <Markdown className="mt-2">{article.body}</Markdown>
      <aside aria-label="Next step" className="mt-12 flex flex-col items-start gap-3 rounded-xl border bg-muted/40 p-6">
        <p className="font-semibold">Want help putting this into practice?</p>
        <p className="text-muted-foreground">Start with a free 20-minute consultation. We reply within 24 hours.</p>
        <Button asChild>
          <Link to="/contact" search={{ subject: "consultation" }}>
            Ask for a free consultation
          </Link>
        </Button>
      </aside>
    </article>
  );
}

export function ArticlePage({ kind, slug }: { kind: ArticleKind; slug: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <nav aria-label="Breadcrumb" className="mb-6">
        <BackLink kind={kind} />
      </nav>
      <ComponentErrorBoundary>
        <ArticleBody kind={kind} slug={slug} />
      </ComponentErrorBoundary>
    </div>
  );
}
