import { api } from "@convex/_generated/api";
import type { EmailDashboardData } from "@convex/model/emailDashboard";
import { renderTemplate, unknownVariables } from "@convex/model/emailTemplates";
import { TEMPLATE_VARIABLES } from "@convex/model/emailSystem";
import { getRouteApi } from "@tanstack/react-router";
import { useAction, useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { useMemo } from "react";
import { AdminErrorBoundary } from "@/features/admin/admin-access";
import { AbTestingTab } from "./ab-testing-tab";
import { AdminGate } from "./admin-gate";
import { assembleDashboard } from "./dashboard-sections";
import { CampaignsTab } from "./campaigns-tab";
import { EmailDashboard } from "./email-dashboard";
import { ErrorsTab } from "./errors-tab";
import { AudienceSizeText } from "./new-campaign-dialog";
import { OverviewTab } from "./overview-tab";
import { SystemHealthTab } from "./system-health-tab";
import { TemplatesTab } from "./templates-tab";
import { toCampaignRow } from "./server-shapes";
import type { CampaignAudience, NewCampaignInput } from "./types";
import { EMAIL_UI_TEXTS } from "./texts";

const route = getRouteApi("/admin/email/");

/** The live preview fills the variables with the sample values the server's rules know. */
const TEMPLATE_TOOLS = {
  preview: (text: string) => renderTemplate(text, TEMPLATE_VARIABLES),
  unknownVariables,
};
const PAGE_SIZE = 20;

function AudienceSize({ audience }: { audience: CampaignAudience }) {
  return <AudienceSizeText size={useQuery(api.campaigns.audienceSize, { audience })?.count} />;
}

function CampaignsContainer() {
  const { results, status, loadMore } = usePaginatedQuery(api.campaigns.list, {}, { initialNumItems: PAGE_SIZE });
  const templates = useQuery(api.emailTemplates.list, { includeArchived: false });
  const create = useMutation(api.campaigns.create);
  const send = useMutation(api.campaigns.send);
  const schedule = useMutation(api.campaigns.schedule);

  async function submit(input: NewCampaignInput) {
    const template = templates?.find((item) => item._id === input.templateId);
    if (!template) return;
    // Without a test the server takes the template's own subject and body.
    const test = input.abTest
      ? {
          variants: [
            { subject: template.subject, body: template.body },
            { subject: input.abTest.subject, body: input.abTest.body },
          ],
          testType: input.abTest.testType,
        }
      : {};
    const campaignId = await create({ name: input.name, templateId: input.templateId, audience: input.audience, ...test });
    if (input.when.kind === "now") await send({ campaignId });
    else await schedule({ campaignId, sendAt: input.when.at });
  }

  return (
    <CampaignsTab
      campaigns={results.map(toCampaignRow)}
      status={status}
      onLoadMore={() => loadMore(PAGE_SIZE)}
      compose={{
        templates: templates?.filter((template) => template.archivedAt === undefined),
        renderAudienceSize: (audience) => <AudienceSize audience={audience} />,
        templateTools: TEMPLATE_TOOLS,
        onSubmit: submit,
      }}
    />
  );
}

function TemplatesContainer({ analytics }: { analytics: EmailDashboardData["templateAnalytics"] }) {
  const templates = useQuery(api.emailTemplates.list, { includeArchived: true });
  const create = useMutation(api.emailTemplates.create);
  const update = useMutation(api.emailTemplates.update);
  const archive = useMutation(api.emailTemplates.archive);
  return (
    <TemplatesTab
      analytics={analytics}
      templates={templates}
      templateTools={TEMPLATE_TOOLS}
      onSave={async (input, templateId) => {
        if (templateId) await update({ templateId, ...input });
        else await create(input);
      }}
      onArchive={async (templateId, archived) => {
        await archive({ templateId, archived });
      }}
    />
  );
}

function ErrorsContainer({ reporting }: { reporting: EmailDashboardData["errorReporting"] }) {
  const { results, status, loadMore } = usePaginatedQuery(api.errorRecords.recent, {}, { initialNumItems: PAGE_SIZE });
  return <ErrorsTab reporting={reporting} records={results} status={status} onLoadMore={() => loadMore(PAGE_SIZE)} />;
}

/** The dashboard with its tab in the address and the probe behind "Refresh now". */
function Dashboard({ data, error, onRetry }: { data: EmailDashboardData | undefined; error?: unknown; onRetry: () => void }) {
  const { tab } = route.useSearch();
  const navigate = route.useNavigate();
  const probe = useAction(api.emailHealth.probe);
  return (
    <EmailDashboard
      data={data}
      error={error}
      tab={tab ?? "overview"}
      // Tabs are views of one page: switching replaces the history entry and keeps the scroll.
      onTabChange={(next) => void navigate({ search: { tab: next === "overview" ? undefined : next }, replace: true, resetScroll: false })}
      onRefresh={async () => {
        await probe({});
      }}
      onRetry={onRetry}
      tabs={{
        overview: (loaded) => <OverviewTab performance={loaded.campaignPerformance} timeline={loaded.timeline} health={loaded.systemHealth} />,
        // The tabs with queries of their own fail on their own, leaving the rest of the dashboard.
        campaigns: () => (
          <AdminErrorBoundary>
            <CampaignsContainer />
          </AdminErrorBoundary>
        ),
        templates: (loaded) => (
          <AdminErrorBoundary>
            <TemplatesContainer analytics={loaded.templateAnalytics} />
          </AdminErrorBoundary>
        ),
        "ab-testing": (loaded) => <AbTestingTab overview={loaded.abTestingOverview} />,
        "system-health": (loaded) => <SystemHealthTab health={loaded.systemHealth} />,
        errors: (loaded) => (
          <AdminErrorBoundary>
            <ErrorsContainer reporting={loaded.errorReporting} />
          </AdminErrorBoundary>
        ),
      }}
    />
  );
}

/** Each section is a subscription of its own, so an e-mail event re-runs only the sections it changed. */
function useDashboardData(): EmailDashboardData | undefined {
  const campaignPerformance = useQuery(api.emailDashboard.campaignPerformance, {});
  const templateAnalytics = useQuery(api.emailDashboard.templateAnalytics, {});
  const abTestingOverview = useQuery(api.emailDashboard.abTestingOverview, {});
  const systemHealth = useQuery(api.emailDashboard.systemHealth, {});
  const errorReporting = useQuery(api.emailDashboard.errorReporting, {});
  const timeline = useQuery(api.emailDashboard.timeline, {});
  return useMemo(
    () => assembleDashboard({ campaignPerformance, templateAnalytics, abTestingOverview, systemHealth, errorReporting, timeline }),
    [campaignPerformance, templateAnalytics, abTestingOverview, systemHealth, errorReporting, timeline],
  );
}

function LiveDashboard() {
  // No error here, so no Retry button to wire: a failed query throws to the boundary below.
  return <Dashboard data={useDashboardData()} onRetry={() => undefined} />;
}

/** Convex wiring of /admin/email: live data, the probe, and each tab's own queries and mutations. */
export function EmailDashboardPage() {
  return (
    <AdminGate title={EMAIL_UI_TEXTS.title} renderError={(error, retry) => <Dashboard data={undefined} error={error} onRetry={retry} />}>
      <LiveDashboard />
    </AdminGate>
  );
}
