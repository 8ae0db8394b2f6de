import { AB_TEST_LABELS, STATUS_TONES } from "@convex/model/emailSystem";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { campaignRow, dashboardData, errorRecord, templateRow } from "@/test/email-system";
import { AbTestingTab } from "./ab-testing-tab";
import { CampaignsTab } from "./campaigns-tab";
import { ErrorsTab } from "./errors-tab";
import { resourceLevel } from "./format";
import { OverviewTab } from "./overview-tab";
import { AbTestBadge, StatusBadge } from "./status-badge";
import { SystemHealthTab } from "./system-health-tab";
import { TemplatesTab } from "./templates-tab";
import { EMAIL_UI_TEXTS, RESOURCE_LABELS } from "./texts";

const admin = signedIn({ role: "admin", timezone: "UTC" });
const data = dashboardData();
const compose = { templates: [templateRow()], renderAudienceSize: () => null, onSubmit: () => Promise.resolve() };

describe("status badges", () => {
  it.each(Object.entries(STATUS_TONES).flatMap(([tone, statuses]) => statuses.map((status) => [status, tone])))(
    "shows %s in the %s tone, with words",
    (status, tone) => {
      render(<StatusBadge status={status} />);
      const badge = screen.getByText(new RegExp(status.replace("_", " "), "i"));
      expect(badge).toHaveAttribute("data-tone", tone);
      expect(badge.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    },
  );

  it("shows any other status in the neutral tone", () => {
    render(<StatusBadge status="cancelled" />);
    expect(screen.getByText("Cancelled")).toHaveAttribute("data-tone", "neutral");
  });

  it("labels A/B tests 'Significant' or 'Running'", () => {
    render(
      <>
        <AbTestBadge isSignificant />
        <AbTestBadge isSignificant={false} />
      </>,
    );
    expect(screen.getByText(AB_TEST_LABELS.significant)).toHaveAttribute("data-tone", "good");
    expect(screen.getByText(AB_TEST_LABELS.running)).toHaveAttribute("data-tone", "info");
  });
});

describe("resource thresholds", () => {
  it("warns about the provider quota above 80 % and calls the API budget critical above 85 %", () => {
    expect(resourceLevel("mailjetQuota", 80)).toBe("ok");
    expect(resourceLevel("mailjetQuota", 80.1)).toBe("warning");
    expect(resourceLevel("airtableApiCalls", 85)).toBe("ok");
    expect(resourceLevel("airtableApiCalls", 85.1)).toBe("critical");
    expect(resourceLevel("diskSpace", 99)).toBe("ok");
  });
});

describe("overview tab", () => {
  it("shows the KPIs, the timeline's figures, recent campaigns and a health summary", async () => {
    renderPage(<OverviewTab performance={data.campaignPerformance} timeline={data.timeline} health={data.systemHealth} />, { viewer: admin });
    const kpis = await screen.findByLabelText("Campaign performance");
    expect(within(kpis).getByText("Average open rate").nextSibling).toHaveTextContent("41.5%");
    expect(within(kpis).getByText("Total delivered").nextSibling).toHaveTextContent("1,238");
    const table = screen.getByRole("table", { name: /sent, opened and clicked per day/i });
    expect(within(table).getByRole("row", { name: /2025-07-08/ })).toHaveTextContent("2025-07-0885038060");
    expect(screen.getByRole("link", { name: "July newsletter" })).toBeInTheDocument();
    expect(screen.getByText("Scheduled")).toHaveAttribute("data-tone", "info");
    expect(screen.getByText("2 of 3 services and queues are running normally.")).toBeInTheDocument();
    expect(screen.getByText("Degraded")).toHaveAttribute("data-tone", "warning");
  });

  it("invites the first campaign when there is none", async () => {
    renderPage(
      <OverviewTab performance={{ ...data.campaignPerformance, recentCampaigns: [] }} timeline={[]} health={data.systemHealth} />,
      { viewer: admin },
    );
    expect(await screen.findByText(EMAIL_UI_TEXTS.noCampaigns)).toBeInTheDocument();
    expect(screen.getByText(EMAIL_UI_TEXTS.noTimeline)).toBeInTheDocument();
  });
});

describe("campaigns tab", () => {
  it("lists campaigns with status, audience, figures and time, and loads more on request", async () => {
    const onLoadMore = vi.fn();
    renderPage(
      <CampaignsTab
        campaigns={[campaignRow(), campaignRow({ _id: "emailCampaigns:b" as never, name: "Clarity tips", status: "draft", audience: { kind: "tier", tier: "clarity" }, sentAt: undefined })]}
        status="CanLoadMore"
        onLoadMore={onLoadMore}
        compose={compose}
      />,
      { viewer: admin },
    );
    const items = await screen.findAllByRole("listitem");
    expect(items[0]).toHaveTextContent("July newsletter");
    expect(items[0]).toHaveTextContent("Newsletter subscribers");
    expect(items[0]).toHaveTextContent("44.1%");
    expect(within(items[1]!).getByText("Draft")).toHaveAttribute("data-tone", "info");
    expect(items[1]).toHaveTextContent("Members on Clarity");
    await userEvent.click(screen.getByRole("button", { name: "Load more campaigns" }));
    expect(onLoadMore).toHaveBeenCalled();
  });

  it("invites the first campaign when there is none", async () => {
    renderPage(<CampaignsTab campaigns={[]} status="Exhausted" onLoadMore={() => {}} compose={compose} />, { viewer: admin });
    expect(await screen.findByText(EMAIL_UI_TEXTS.noCampaigns)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Load more/ })).not.toBeInTheDocument();
  });
});

describe("templates tab", () => {
  it("lists templates with category, usage and rates, charts categories with a table, and archives or restores", async () => {
    const onArchive = vi.fn(() => Promise.resolve());
    renderPage(
      <TemplatesTab
        analytics={data.templateAnalytics}
        templates={[
          templateRow(),
          templateRow({ _id: "emailTemplates:once" as never, name: "Come back", category: "re-engagement", usage: 1 }),
          templateRow({ _id: "emailTemplates:old" as never, name: "Old promo", category: "promotion", archivedAt: 1 }),
        ]}
        onSave={() => Promise.resolve()}
        onArchive={onArchive}
      />,
      { viewer: admin },
    );
    const item = (await screen.findByRole("heading", { name: "Monthly newsletter", level: 3 })).closest("li")!;
    expect(item).toHaveTextContent("Newsletter");
    expect(item).toHaveTextContent("Used by6 campaigns");
    const once = (await screen.findByRole("heading", { name: "Come back", level: 3 })).closest("li")!;
    expect(once).toHaveTextContent("Re-engagement");
    expect(once).toHaveTextContent("Used by1 campaign");
    expect(once).not.toHaveTextContent("1 campaigns");
    expect(item).toHaveTextContent("43%");
    const table = screen.getByRole("table", { name: /by template category/ });
    expect(within(table).getByRole("columnheader", { name: "E-mails sent" })).toBeInTheDocument();
    expect(within(table).getByRole("row", { name: /Re-engagement/ })).toHaveTextContent("21.5%");
    await userEvent.click(screen.getByRole("button", { name: "Archive Monthly newsletter" }));
    expect(onArchive).toHaveBeenLastCalledWith("emailTemplates:monthly", true);
    await userEvent.click(screen.getByText("Archived templates (1)"));
    await userEvent.click(screen.getByRole("button", { name: "Restore Old promo" }));
    expect(onArchive).toHaveBeenLastCalledWith("emailTemplates:old", false);
  });
});

describe("A/B testing tab", () => {
  it("shows running tests with their label, p-value and variants, and recent results", async () => {
    renderPage(<AbTestingTab overview={data.abTestingOverview} />, { viewer: admin });
    const test = (await screen.findByRole("link", { name: "Subject line test" })).closest("li")!;
    expect(within(test).getByText(AB_TEST_LABELS.significant)).toBeInTheDocument();
    expect(test).toHaveTextContent("p = 0.012");
    const variants = within(test).getByRole("table", { name: /variants/ });
    expect(within(variants).getByRole("columnheader", { name: "Opens" })).toBeInTheDocument();
    expect(within(variants).getByRole("row", { name: /^A/ })).toHaveTextContent("A30012040%");
    const results = screen.getByRole("table", { name: /Finished A\/B tests/ });
    expect(within(results).getByRole("row", { name: /June subject test/ })).toHaveTextContent("+12.5%");
  });

  it("says Running and why there is no p-value yet", async () => {
    const running = { ...data.abTestingOverview.runningTests[0]!, isSignificant: false, pValue: null };
    renderPage(<AbTestingTab overview={{ ...data.abTestingOverview, runningTests: [running], recentResults: [] }} />, { viewer: admin });
    expect(await screen.findByText(AB_TEST_LABELS.running)).toBeInTheDocument();
    expect(screen.getByText(/p-value after enough recipients/)).toBeInTheDocument();
    expect(screen.getByText(EMAIL_UI_TEXTS.noTestResults)).toBeInTheDocument();
  });
});

describe("system health tab", () => {
  it("shows services, queues and resources with their levels in words", () => {
    render(<SystemHealthTab health={data.systemHealth} />);
    const services = screen.getByRole("table", { name: /Services/ });
    expect(within(services).getByRole("row", { name: /Database/ })).toHaveTextContent("Degraded900 ms97.5%3");
    expect(screen.getByRole("row", { name: /Campaign sends/ })).toHaveTextContent("Healthy42340 / hour");

    const quota = screen.getByRole("progressbar", { name: RESOURCE_LABELS.mailjetQuota });
    expect(quota.closest("[data-level]")).toHaveAttribute("data-level", "ok");
    const calls = screen.getByRole("progressbar", { name: RESOURCE_LABELS.airtableApiCalls });
    expect(calls.closest("[data-level]")).toHaveAttribute("data-level", "critical");
    expect(calls.closest("[data-level]")).toHaveTextContent("Critical");
    expect(calls.closest("[data-level]")).toHaveTextContent("8,510 of 10,000 used · 85.1%");
    expect(screen.getByText(RESOURCE_LABELS.systemMemory).parentElement).toHaveTextContent(EMAIL_UI_TEXTS.notMeasurable);
  });

  it("reads memory and disk in bytes as GB, and the quota and API calls as counts", () => {
    const resources = {
      ...data.systemHealth.resources,
      systemMemory: { used: 1_204_076_544, total: 25_276_502_016, percentage: 4.8, status: "healthy" },
      diskSpace: { used: 120_500_000_000, total: 500_000_000_000, percentage: 24.1, status: "healthy" },
    };
    render(<SystemHealthTab health={{ ...data.systemHealth, resources }} />);
    const level = (key: keyof typeof RESOURCE_LABELS) => screen.getByRole("progressbar", { name: RESOURCE_LABELS[key] }).closest("[data-level]");
    expect(level("systemMemory")).toHaveTextContent("1.2 GB of 25.3 GB used · 4.8%");
    expect(level("diskSpace")).toHaveTextContent("120.5 GB of 500 GB used · 24.1%");
    expect(level("airtableApiCalls")).toHaveTextContent("8,510 of 10,000 used · 85.1%");
  });

  it("warns when the provider quota passes 80 %", () => {
    const resources = { ...data.systemHealth.resources, mailjetQuota: { used: 1602, total: 2000, percentage: 80.1, status: "degraded" } };
    render(<SystemHealthTab health={{ ...data.systemHealth, resources }} />);
    const quota = screen.getByRole("progressbar", { name: RESOURCE_LABELS.mailjetQuota }).closest("[data-level]");
    expect(quota).toHaveAttribute("data-level", "warning");
    expect(quota).toHaveTextContent("Nearly used up");
  });
});

describe("errors tab", () => {
  it("shows the critical count, grouped errors and records with their details on demand", async () => {
    const onLoadMore = vi.fn();
    renderPage(<ErrorsTab reporting={data.errorReporting} records={[errorRecord()]} status="CanLoadMore" onLoadMore={onLoadMore} />, { viewer: admin });
    expect((await screen.findByText("Critical errors")).nextSibling).toHaveTextContent("1");
    const group = screen.getByText("Provider refused the batch").closest("li")!;
    expect(within(group).getByText("Critical")).toHaveAttribute("data-tone", "bad");
    expect(group).toHaveTextContent("4 times");
    const record = screen.getByRole("heading", { name: "Batch refused" }).closest("li")!;
    expect(record).toHaveTextContent("PROVIDER_REFUSED · Network · email");
    await userEvent.click(within(record).getByText(EMAIL_UI_TEXTS.errorDetails));
    expect(within(record).getByText("The batch is retried automatically.")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Load more records" }));
    expect(onLoadMore).toHaveBeenCalled();
  });

  it("says so when nothing went wrong", async () => {
    renderPage(<ErrorsTab reporting={{ criticalErrors: 0, recentErrors: [] }} records={[]} status="Exhausted" onLoadMore={() => {}} />, { viewer: admin });
    expect(await screen.findAllByText(EMAIL_UI_TEXTS.noErrors)).toHaveLength(2);
  });
});
