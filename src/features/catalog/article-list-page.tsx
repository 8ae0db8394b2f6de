import { api } from "@convex/_generated/api";
import { Link } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import { ComponentErrorBoundary } from "@/components/layout/error-boundary";
import { ArticleMeta, Tags } from "./article-meta";
import { ARTICLE_KINDS, type ArticleKind } from "./articles";
import { CardSkeletons, EmptyState, textLinkClass } from "./states";

function ArticleList({ kind }: { kind: ArticleKind }) {
  const config = ARTICLE_KINDS[kind];
  const articles = useQuery(api.catalog.articles, { kind });
  if (articles === undefined) return <CardSkeletons label={config.loading} count={3} className="grid gap-6" />;
  if (articles.length === 0) {
    return (
      <EmptyState title={config.empty}>
        <p className="text-muted-foreground">New writing is on its way. In the meantime, the FAQ answers the common questions.</p>
        <Link to="/faq" className={textLinkClass}>
          Read the FAQ
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-6">
      {articles.map((article) => (
        <li key={article.slug} className="flex flex-col gap-3 rounded-xl border bg-card p-6 text-card-foreground">
          <h2 className="text-xl font-semibold">
            <Link
              to={config.detailTo}
              params={{ slug: article.slug }}
              className="inline-flex min-h-11 items-center underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {article.title}
            </Link>
          </h2>
          <ArticleMeta publishedAt={article.publishedAt} readingMinutes={article.readingMinutes} author={article.author} />
          <p className="text-muted-foreground">{article.summary}</p>
          <Tags tags={article.tags} />
        </li>
      ))}
    </ul>
  );
}

export function ArticleListPage({ kind }: { kind: ArticleKind }) {
  const config = ARTICLE_KINDS[kind];
  return (
    <section aria-labelledby="articles-title" className="mx-auto max-w-3xl px-4 py-16">
      <h1 id="articles-title" className="text-3xl font-bold sm:text-4xl">
        {config.title}
      </h1>
      <p className="mt-3 text-lg text-muted-foreground">{config.intro}</p>
      <div className="mt-10">
        <ComponentErrorBoundary>
          <ArticleList kind={kind} />
        </ComponentErrorBoundary>
      </div>
    </section>
  );
}
