import { SCHEDULER_LAG_WARNING_MS } from "@convex/model/observability";
import type { HealthChecks } from "@convex/model/monitoringShapes";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HealthPage } from "./health-page";

const CALM: HealthChecks = {
  scheduler: { pending: 0, oldestPendingDueAt: null },
  crons: { status: "ok", failing: [] },
  extraction: { status: "ok", queued: 2 },
  email: { status: "ok", queued: 0 },
  errors: { status: "ok", lastHour: 1 },
};

const state: { fail: boolean; checks: HealthChecks } = { fail: true, checks: CALM };
vi.mock("convex/react", () => ({
  useQuery: () => {
    if (state.fail) throw new Error("backend unreachable");
    return { status: "ok", adapters: { identity: "local", payments: "stripe", email: "outbox", extraction: "rules" }, checks: state.checks };
  },
  useConvexConnectionState: () => ({ isWebSocketConnected: true }),
}));

/** The value cell of the row labelled `label`. */
const row = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling as HTMLElement;

describe("HealthPage", () => {
  it("says the check failed, and shows the status after Retry Health Check", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    state.fail = true;
    state.checks = CALM;
    render(<HealthPage />);
    expect(screen.getByRole("alert")).toHaveTextContent("Unable to perform system health check.");

    state.fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry Health Check" }));
    expect(screen.getByText("Operational")).toBeInTheDocument();
    expect(screen.getByText("Stripe")).toBeInTheDocument();
    expect(screen.getByText("Outbox (embedded)")).toBeInTheDocument();
    expect(row("Scheduler")).toHaveTextContent("On time");
    expect(row("Scheduled jobs")).toHaveTextContent("All OK");
    expect(row("Extraction queue")).toHaveTextContent("OK · 2 queued");
    expect(row("E-mail queue")).toHaveTextContent("OK · 0 queued");
    expect(row("Errors in the last hour")).toHaveTextContent(/^1$/);
  });

  it("says in words what needs a look: a lagging scheduler, failing jobs, a failed extraction, a backed-up outbox, a critical error", () => {
    state.fail = false;
    state.checks = {
      scheduler: { pending: 4, oldestPendingDueAt: Date.now() - SCHEDULER_LAG_WARNING_MS - 3 * 60_000 },
      crons: { status: "degraded", failing: ["send reminders", "clean sessions"] },
      extraction: { status: "degraded", queued: 0 },
      email: { status: "degraded", queued: 120 },
      errors: { status: "degraded", lastHour: 42 },
    };
    render(<HealthPage />);
    expect(row("Scheduler")).toHaveTextContent("Lagging by 4 min");
    expect(row("Scheduled jobs")).toHaveTextContent("2 failing");
    expect(row("Extraction queue")).toHaveTextContent("Last run failed · 0 queued");
    expect(row("E-mail queue")).toHaveTextContent("Backed up · 120 queued");
    expect(row("Errors in the last hour")).toHaveTextContent("42 · a critical one among them");
    // Each needs-a-look status carries the warning icon as well as its words.
    expect(within(row("Scheduler")).getByText("Lagging by 4 min").querySelector("svg")).toHaveClass("text-warning");
  });
});
