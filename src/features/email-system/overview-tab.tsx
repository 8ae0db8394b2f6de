import type { CampaignPerformance, EmailTimeline, SystemHealth } from "@convex/model/emailDashboard";
import { statusTone } from "@convex/model/emailSystem";
import { Link } from "@tanstack/react-router";
import { formatCount, formatPercent } from "./format";
import { ChartFigure, EmptyState, KpiGrid, KpiTile, Panel, TimelineChart, When } from "./parts";
import { StatusBadge } from "./status-badge";
import { EMAIL_UI_TEXTS } from "./texts";

export interface OverviewTabProps {
  performance: CampaignPerformance;
  timeline: EmailTimeline;
  health: SystemHealth;
}

/** Recent campaigns, newest first, each opening its detail page. */
export function RecentCampaigns({ campaigns }: { campaigns: CampaignPerformance["recentCampaigns"] }) {
  if (campaigns.length === 0) return <EmptyState>{EMAIL_UI_TEXTS.noCampaigns}</EmptyState>;
  return (
    <ul className="flex flex-col divide-y">
      {campaigns.map((campaign) => (
        <li key={campaign.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to="/admin/email/campaigns/$campaignId"
              params={{ campaignId: campaign.id }}
              className="inline-flex min-h-11 items-center font-medium underline-offset-4 hover:underline"
            >
              {campaign.name}
            </Link>
            <StatusBadge status={campaign.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            {formatCount(campaign.sent)} sent · {formatPercent(campaign.openRate)} opened · {formatPercent(campaign.clickRate)} clicked
            {campaign.sentAt !== null ? (
              <>
                {" · "}
                <When at={campaign.sentAt} past />
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A count of the good ones, and by name only what needs a look. */
function HealthSummary({ health }: { health: SystemHealth }) {
  const items = [...health.services, ...health.queues];
  const attention = items.filter((item) => statusTone(item.status) !== "good");
  return (
    <div className="flex flex-col gap-3">
      <p>
        {items.length - attention.length} of {items.length} services and queues are running normally.
      </p>
      {attention.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {attention.map((item) => (
            <li key={item.name} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{item.name}</span>
              <StatusBadge status={item.status} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function OverviewTab({ performance, timeline, health }: OverviewTabProps) {
  return (
    <div className="flex flex-col gap-6">
      <KpiGrid label="Campaign performance">
        <KpiTile label="Active campaigns" value={formatCount(performance.activeCampaigns)} />
        <KpiTile label="Campaigns today" value={formatCount(performance.campaignsToday)} />
        <KpiTile label="Average open rate" value={formatPercent(performance.averageOpenRate)} />
        <KpiTile label="Average click rate" value={formatPercent(performance.averageClickRate)} />
        <KpiTile label="Total sent" value={formatCount(performance.totalSent)} />
        <KpiTile label="Total delivered" value={formatCount(performance.totalDelivered)} />
      </KpiGrid>
      <Panel title="Sent, opened and clicked per day">
        {timeline.length === 0 ? (
          <EmptyState>{EMAIL_UI_TEXTS.noTimeline}</EmptyState>
        ) : (
          <ChartFigure
            chart={<TimelineChart timeline={timeline} />}
            caption="E-mails sent, opened and clicked per day, oldest first"
            rows={timeline}
            rowKey={(row) => row.day}
            columns={[
              { header: "Day", cell: (row) => row.day },
              { header: "Sent", cell: (row) => formatCount(row.sent) },
              { header: "Opened", cell: (row) => formatCount(row.opened) },
              { header: "Clicked", cell: (row) => formatCount(row.clicked) },
            ]}
          />
        )}
      </Panel>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Recent campaigns">
          <RecentCampaigns campaigns={performance.recentCampaigns} />
        </Panel>
        <Panel title="System health">
          <HealthSummary health={health} />
        </Panel>
      </div>
    </div>
  );
}
