import { ArrowRightIcon, CodeIcon, ShieldIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { PageColumn, PageHeader, PageSection } from "@/features/marketing/page-parts";
import { DEMO_GROUPS, DEMO_PAGES, type DemoGroup, type DemoPage } from "./demo-pages";

function DemoLink({ page }: { page: DemoPage }) {
  return (
    <li>
      {/* A plain anchor: in-app-links.ts routes its click; the unit test checks each path is a route. */}
      <a
        href={page.path}
        className="group flex min-h-11 flex-col gap-1 rounded-lg border bg-card p-4 text-card-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          <span>
            {page.title}
            <ArrowRightIcon
              className="ml-1.5 inline size-4 align-[-0.125em] text-muted-foreground transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
              aria-hidden
            />
          </span>
          {page.adminOnly ? (
            <Badge variant="outline">
              <ShieldIcon aria-hidden />
              Admins only
            </Badge>
          ) : null}
          {page.devOnly ? (
            <Badge variant="outline">
              <CodeIcon aria-hidden />
              Development only
            </Badge>
          ) : null}
        </span>
        <span className="text-sm text-muted-foreground">{page.description}</span>
        <span className="font-mono text-xs text-muted-foreground">{page.path}</span>
      </a>
    </li>
  );
}

/** /demos: every demo, test and debug page of the registry, by group. */
export function DemosIndexPage() {
  const groups = Object.entries(DEMO_GROUPS) as [DemoGroup, string][];
  return (
    <PageColumn labelledBy="demos-title">
      <PageHeader
        id="demos-title"
        eyebrow="For the team"
        title="Demos and test pages"
        lead="Each page is built from the real components with made-up data. None of them is listed by search engines."
      />
      {groups.map(([group, title]) => {
        const pages = DEMO_PAGES.filter((page) => page.group === group);
        if (pages.length === 0) return null;
        return (
          <PageSection key={group} id={`demos-${group}`} title={title}>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {pages.map((page) => (
                <DemoLink key={page.path} page={page} />
              ))}
            </ul>
          </PageSection>
        );
      })}
    </PageColumn>
  );
}
