import { EMAIL_DASHBOARD_TAB_LABELS, EMAIL_DASHBOARD_TABS, EMAIL_SYSTEM_TEXTS, type EmailDashboardTab } from "@convex/model/emailSystem";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { dashboardData } from "@/test/email-system";
import { EmailDashboard, type EmailDashboardProps } from "./email-dashboard";
import { EMAIL_UI_TEXTS } from "./texts";

const tabs = Object.fromEntries(EMAIL_DASHBOARD_TABS.map((tab) => [tab, () => <p>{`Content of ${tab}`}</p>])) as unknown as EmailDashboardProps["tabs"];

function renderDashboard(props: Partial<EmailDashboardProps> = {}) {
  const all: EmailDashboardProps = {
    data: dashboardData(),
    tab: "overview",
    onTabChange: vi.fn(),
    onRefresh: vi.fn(() => Promise.resolve()),
    onRetry: vi.fn(),
    tabs,
    ...props,
  };
  renderPage(<EmailDashboard {...all} />, { viewer: signedIn({ role: "admin", timezone: "UTC" }) });
  return all;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("email dashboard shell", () => {
  it("shows the six tabs in order with their labels, the open one's content only", async () => {
    renderDashboard({ tab: "templates" });
    const triggers = await screen.findAllByRole("tab");
    expect(triggers.map((tab) => tab.textContent)).toEqual(EMAIL_DASHBOARD_TABS.map((tab) => EMAIL_DASHBOARD_TAB_LABELS[tab]));
    expect(screen.getByRole("tab", { name: "Templates" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Content of templates");
    expect(screen.queryByText("Content of overview")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Email System" })).toBeInTheDocument();
  });

  it("asks to change the tab on click and with the arrow keys", async () => {
    const props = renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "A/B testing" }));
    expect(props.onTabChange).toHaveBeenLastCalledWith("ab-testing" satisfies EmailDashboardTab);
    screen.getByRole("tab", { name: "Overview" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(props.onTabChange).toHaveBeenLastCalledWith("campaigns");
  });

  it("refreshes every refreshInterval seconds while auto-refresh is on, and not while it is off", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const props = renderDashboard({ data: dashboardData({ refreshInterval: 20 }) });
    const toggle = await screen.findByRole("switch", { name: /Auto-refresh/ });
    expect(toggle).toBeChecked();
    expect(props.onRefresh).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(props.onRefresh).toHaveBeenCalledTimes(1);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(props.onRefresh).toHaveBeenCalledTimes(1);

    await user.click(toggle);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(props.onRefresh).toHaveBeenCalledTimes(2);
  });

  it("refreshes now on request, saying so while it runs, and reports a failed refresh calmly", async () => {
    let finish = () => {};
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderDashboard({ onRefresh });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: EMAIL_UI_TEXTS.refreshNow }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: EMAIL_UI_TEXTS.refreshing })).toBeDisabled();
    await act(() => {
      finish();
      return Promise.resolve();
    });
    expect(screen.getByRole("button", { name: EMAIL_UI_TEXTS.refreshNow })).toBeEnabled();

    onRefresh.mockImplementationOnce(() => Promise.reject(new Error("offline")));
    await user.click(screen.getByRole("button", { name: EMAIL_UI_TEXTS.refreshNow }));
    expect(await screen.findByRole("alert")).toHaveTextContent(EMAIL_UI_TEXTS.refreshFailed);
  });

  it("says when the data was last updated, the clock time in a polite live region", async () => {
    const lastUpdated = Date.UTC(2025, 6, 8, 15, 4);
    vi.useFakeTimers({ shouldAdvanceTime: true, now: lastUpdated + 2 * 60_000 });
    renderDashboard({ data: dashboardData({ lastUpdated }) });
    const clock = await screen.findByText("3:04 PM");
    expect(clock.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    expect(clock.closest("[aria-live]")).toHaveTextContent("Last updated 3:04 PM");
    expect(screen.getByText("· 2 minutes ago")).toBeInTheDocument();
  });

  it("shows a skeleton while the data loads", async () => {
    renderDashboard({ data: undefined });
    expect(await screen.findByText(EMAIL_UI_TEXTS.loading)).toHaveAttribute("role", "status");
    expect(screen.queryByText("Content of overview")).not.toBeInTheDocument();
  });

  it("shows the error screen with its details and Retry when the data failed", async () => {
    const props = renderDashboard({ data: undefined, error: new Error("Server unavailable") });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(EMAIL_SYSTEM_TEXTS.dashboardLoadFailed);
    expect(alert).toHaveTextContent("Server unavailable");
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: EMAIL_SYSTEM_TEXTS.retry }));
    expect(props.onRetry).toHaveBeenCalledTimes(1);
  });

  it("shows the data's own error note above the tabs", async () => {
    renderDashboard({ data: dashboardData({ error: "Health probes are 10 minutes old." }) });
    expect(await screen.findByText("Health probes are 10 minutes old.")).toBeInTheDocument();
    expect(screen.getByRole("tablist")).toBeInTheDocument();
  });
});
