import type { AbTestingOverview } from "@convex/model/emailDashboard";
import type { CampaignTestType } from "@convex/model/emailSystem";
import { Link } from "@tanstack/react-router";
import { Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount, formatPercent } from "./format";
import { EmptyState, FiguresTable, KpiGrid, KpiTile, Panel, RateBarChart, When } from "./parts";
import { AbTestBadge } from "./status-badge";
import { EMAIL_UI_TEXTS } from "./texts";
import type { VariantStats } from "./types";

type RunningTest = AbTestingOverview["runningTests"][number];

export const TEST_TYPE_NAMES: Record<CampaignTestType, string> = { subject: "Subject line test", content: "Content test" };

/** "p = 0.012", or why there is none yet. */
export function pValueText(pValue: number | null): string {
  if (pValue === null) return "p-value after enough recipients";
  return pValue < 0.001 ? "p < 0.001" : `p = ${pValue.toFixed(3)}`;
}

/**
 * A test's variants: a visible table, and a bar chart of their rates beside it, hidden from
 * screen readers since the table says the same.
 */
export function VariantFigures({ variants, caption, conversionsLabel = "Conversions" }: { variants: readonly Omit<VariantStats, "subject">[]; caption: string; conversionsLabel?: string }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FiguresTable
        caption={caption}
        rows={variants}
        rowKey={(row) => row.label}
        columns={[
          { header: "Variant", cell: (row) => row.label },
          { header: "Sent", cell: (row) => formatCount(row.sent) },
          { header: conversionsLabel, cell: (row) => formatCount(row.conversions) },
          { header: "Rate", cell: (row) => formatPercent(row.rate) },
        ]}
      />
      <Suspense fallback={<Skeleton className="h-56 w-full" />}>
        <RateBarChart data={variants.map((row) => ({ label: row.label, rate: row.rate }))} series={[{ key: "rate", name: "Rate" }]} />
      </Suspense>
    </div>
  );
}

function RunningTestItem({ test }: { test: RunningTest }) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to="/admin/email/campaigns/$campaignId"
          params={{ campaignId: test.id }}
          className="inline-flex min-h-11 items-center font-medium underline-offset-4 hover:underline"
        >
          {test.name}
        </Link>
        <AbTestBadge isSignificant={test.isSignificant} />
      </div>
      <p className="text-sm text-muted-foreground">
        {TEST_TYPE_NAMES[test.testType]} · {pValueText(test.pValue)} · started <When at={test.startedAt} />
      </p>
      <VariantFigures
        variants={test.variants}
        caption={`${test.name}: variants`}
        conversionsLabel={test.testType === "subject" ? "Opens" : "Clicks"}
      />
    </li>
  );
}

/** Running tests with their variants side by side, and the latest finished results. */
export function AbTestingTab({ overview }: { overview: AbTestingOverview }) {
  return (
    <div className="flex flex-col gap-6">
      <KpiGrid label="A/B testing">
        <KpiTile label="Active tests" value={formatCount(overview.activeTests)} />
      </KpiGrid>
      <Panel title="Running tests">
        {overview.runningTests.length === 0 ? (
          <EmptyState>{EMAIL_UI_TEXTS.noRunningTests}</EmptyState>
        ) : (
          <ul className="flex flex-col divide-y">
            {overview.runningTests.map((test) => (
              <RunningTestItem key={test.id} test={test} />
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Recent results">
        {overview.recentResults.length === 0 ? (
          <EmptyState>{EMAIL_UI_TEXTS.noTestResults}</EmptyState>
        ) : (
          <FiguresTable
            caption="Finished A/B tests, newest first"
            captionHidden
            rows={overview.recentResults}
            rowKey={(row) => row.id}
            columns={[
              { header: "Test", cell: (row) => row.name },
              { header: "Winner", cell: (row) => row.winner },
              { header: "Improvement", cell: (row) => `${row.improvement >= 0 ? "+" : ""}${formatPercent(row.improvement)}` },
              { header: "Finished", cell: (row) => <When at={row.completedAt} /> },
            ]}
          />
        )}
      </Panel>
    </div>
  );
}
