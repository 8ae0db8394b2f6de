import type { Id } from "@convex/_generated/dataModel";
import type { MonitoringOverview } from "@convex/model/monitoringShapes";
import { SCHEDULER_LAG_WARNING_MS } from "@convex/model/observability";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MonitoringDashboard } from "./monitoring-dashboard";
import { MONITORING_TEXTS } from "./texts";
import { ErrorRecordResult, LOOKUP_TEXTS } from "./support-code-lookup";

// The chart itself is recharts; its text alternative is what these tests read.
vi.mock("./daily-chart", () => ({ default: () => <div data-testid="chart" /> }));

const NOW = Date.parse("2026-03-01T12:00:00Z");
const days = Array.from({ length: 14 }, (_, index) => ({
  day: `2026-02-${String(15 + index).padStart(2, "0")}`,
  pageviews: index === 13 ? 40 : 10,
  averageLoadMs: index === 0 ? null : 180,
  low: 8,
  medium: 2,
  high: 0,
}));

type ErrorRow = MonitoringOverview["errors"]["recent"][number];
const errorRow = (id: string, title: string, minutesAgo: number): ErrorRow => ({
  id: `errorRecords:${id}` as Id<"errorRecords">,
  category: "network",
  severity: "high",
  code: "FETCH_FAILED",
  title,
  message: "The request did not reach the server.",
  service: "web",
  timestamp: NOW - minutesAgo * 60_000,
  reference: `LW-${id.toUpperCase()}`,
});

function overview(overrides: Partial<MonitoringOverview> = {}): MonitoringOverview {
  return {
    days,
    slowestRoutes: [
      { route: "/forum/t/$threadId", views: 12, averageLoadMs: 620, maxLoadMs: 1400, level: "high" },
      { route: "/pricing", views: 30, averageLoadMs: 120, maxLoadMs: 300, level: "low" },
    ],
    scheduler: { pending: 3, oldestPendingDueAt: NOW - 5 * 60_000, failedLastDay: 0 },
    crons: [
      { job: "send reminders", schedule: "0 * * * *", lastRun: { startedAt: NOW - 60 * 60_000, finishedAt: NOW - 59 * 60_000, outcome: "succeeded", error: null } },
      { job: "clean sessions", schedule: "30 3 * * *", lastRun: { startedAt: NOW - 2 * 60 * 60_000, finishedAt: null, outcome: "failed", error: "Timed out" } },
      { job: "weekly digest", schedule: "0 9 * * 1", lastRun: null },
    ],
    extraction: { queued: 2, running: 1, failedLastDay: 0 },
    email: { queued: 0, sending: 0, failedLastDay: 4 },
    errors: { lastDay: 7, criticalLastDay: 1, recent: [errorRow("b", "Second failure", 5), errorRow("a", "First failure", 30)] },
    ...overrides,
  };
}

const renderLookup = (reference: string) => <p>Looked up {reference}</p>;

describe("MonitoringDashboard", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("shows a skeleton while loading, and the error screen with Retry when loading failed", async () => {
    const onRetry = vi.fn();
    const view = render(<MonitoringDashboard data={undefined} onRetry={onRetry} renderLookup={renderLookup} />);
    expect(screen.getByRole("status")).toHaveTextContent(MONITORING_TEXTS.loading);

    view.rerender(<MonitoringDashboard data={undefined} error={new Error("socket closed")} onRetry={onRetry} renderLookup={renderLookup} />);
    expect(screen.getByRole("alert")).toHaveTextContent(MONITORING_TEXTS.loadFailed);
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalled();
  });

  it("gives both charts a table of the same figures", async () => {
    render(<MonitoringDashboard data={overview()} onRetry={() => {}} renderLookup={renderLookup} />);
    // The charts load lazily: Testing Library's 1 s default ran out with another test file beside this one on a busy machine.
    expect(await screen.findAllByTestId("chart", {}, { timeout: 10_000 })).toHaveLength(2);
    expect(screen.getByText("170 pageviews over the last 14 days.")).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Pageviews per day, oldest first" });
    const firstDay = within(table).getByRole("row", { name: /2026-02-15/ });
    expect(firstDay).toHaveTextContent("Not timed");
    expect(within(table).getByRole("row", { name: /2026-02-28/ })).toHaveTextContent(/40\s*180 ms/);
    expect(screen.getByRole("table", { name: /Mean route load time per day/ })).toBeInTheDocument();
  });

  it("lists the slowest routes by pattern with their cognitive level in words", () => {
    render(<MonitoringDashboard data={overview()} onRetry={() => {}} renderLookup={renderLookup} />);
    const table = screen.getByRole("table", { name: /Slowest routes/ });
    const forum = within(table).getByRole("row", { name: /\/forum\/t\/\$threadId/ });
    expect(forum).toHaveTextContent(/620 ms.*1.4 s.*High/);
    expect(within(table).getByRole("row", { name: /\/pricing/ })).toHaveTextContent("Low");
  });

  it("shows the scheduler lagging in amber beyond the warning, on time otherwise", () => {
    const view = render(<MonitoringDashboard data={overview()} onRetry={() => {}} renderLookup={renderLookup} />);
    const lagging = screen.getByText("Lagging by 5 min");
    expect(lagging.closest("[data-tone]")).toHaveAttribute("data-tone", "warning");

    view.rerender(
      <MonitoringDashboard
        data={overview({ scheduler: { pending: 0, oldestPendingDueAt: NOW - SCHEDULER_LAG_WARNING_MS + 1000, failedLastDay: 0 } })}
        onRetry={() => {}}
        renderLookup={renderLookup}
      />,
    );
    expect(screen.getByText("On time")).toBeInTheDocument();
  });

  it("gives each cron job its last run and outcome and its next run, relative and absolute", () => {
    render(<MonitoringDashboard data={overview()} onRetry={() => {}} renderLookup={renderLookup} />);
    const reminders = screen.getByRole("heading", { name: "send reminders" }).closest("li")!;
    expect(reminders).toHaveTextContent("Succeeded");
    expect(reminders).toHaveTextContent(/Last run 1 hour ago · .*2026/);
    expect(reminders).toHaveTextContent(/Next run in 1 h · Mar 1, 2026/);
    const clean = screen.getByRole("heading", { name: "clean sessions" }).closest("li")!;
    expect(clean).toHaveTextContent("Failed");
    expect(clean).toHaveTextContent("Timed out");
    expect(clean).toHaveTextContent(/Next run in 15 h 30 min/);
    expect(screen.getByRole("heading", { name: "weekly digest" }).closest("li")).toHaveTextContent("Not run yet");
  });

  it("shows each queue, amber where some failed", () => {
    render(<MonitoringDashboard data={overview()} onRetry={() => {}} renderLookup={renderLookup} />);
    expect(screen.getByText("2 queued · 1 running")).toBeInTheDocument();
    expect(screen.getByText("4 failed in the last day").closest("[data-tone]")).toHaveAttribute("data-tone", "warning");
  });

  it("adds new errors at the bottom without moving the ones shown, and says so politely", () => {
    const view = render(<MonitoringDashboard data={overview()} onRetry={() => {}} renderLookup={renderLookup} />);
    const list = () => within(screen.getByRole("list", { name: "Latest errors, oldest first" })).getAllByRole("heading").map((heading) => heading.textContent);
    expect(list()).toEqual(["First failure", "Second failure"]);

    const next = overview();
    next.errors = { ...next.errors, recent: [errorRow("d", "Fourth failure", 0), errorRow("c", "Third failure", 1), errorRow("b", "Second failure", 5)] };
    act(() => view.rerender(<MonitoringDashboard data={next} onRetry={() => {}} renderLookup={renderLookup} />));
    expect(list()).toEqual(["First failure", "Second failure", "Third failure", "Fourth failure"]);
    expect(screen.getByText("2 new errors since you opened this page, added at the bottom.")).toHaveAttribute("aria-live", "polite");
  });

  it("looks up a support code typed in the form", async () => {
    vi.useRealTimers();
    render(<MonitoringDashboard data={overview()} onRetry={() => {}} renderLookup={renderLookup} />);
    await userEvent.type(screen.getByLabelText(LOOKUP_TEXTS.label), "  LW-7K2Q  ");
    await userEvent.click(screen.getByRole("button", { name: LOOKUP_TEXTS.submit }));
    expect(screen.getByText("Looked up LW-7K2Q")).toBeInTheDocument();
  });
});

describe("ErrorRecordResult", () => {
  it("says clearly when no error has the code", () => {
    render(<ErrorRecordResult record={null} />);
    expect(screen.getByText(LOOKUP_TEXTS.notFound)).toBeInTheDocument();
  });

  it("shows the record a code points at", () => {
    render(
      <ErrorRecordResult
        record={{
          _id: "errorRecords:x" as Id<"errorRecords">,
          _creationTime: NOW,
          category: "payment",
          severity: "medium",
          code: "card_declined",
          title: "Payment failed",
          message: "Your card was declined.",
          timestamp: NOW,
          reported: true,
          service: "stripe",
          fingerprint: "f",
          reference: "LW-7K2Q",
          context: { route: "/checkout" },
        }}
      />,
    );
    const record = screen.getByRole("article", { name: "Error LW-7K2Q" });
    expect(within(record).getByRole("heading", { name: "Payment failed" })).toBeInTheDocument();
    expect(record).toHaveTextContent("card_declined");
    expect(record).toHaveTextContent("/checkout");
  });
});
