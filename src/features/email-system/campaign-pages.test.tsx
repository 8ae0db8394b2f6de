import { AB_TEST_LABELS, EMAIL_SYSTEM_TEXTS } from "@convex/model/emailSystem";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderPage } from "@/features/catalog/render-page";
import { MESSAGES } from "@/lib/messages";
import { signedIn } from "@/test/auth";
import { campaignDetail, dashboardData } from "@/test/email-system";
import { campaignActions, CampaignDetailView, type CampaignDetailViewProps } from "./campaign-detail";
import { CampaignErrorView, type CampaignErrorKind } from "./campaign-error-view";
import { EmailHealthView } from "./email-health-view";

const admin = signedIn({ role: "admin", timezone: "UTC" });

describe("campaign error views", () => {
  it.each([
    ["api", EMAIL_SYSTEM_TEXTS.campaignApiError, false],
    ["scheduling", EMAIL_SYSTEM_TEXTS.schedulingError, false],
    ["sending", EMAIL_SYSTEM_TEXTS.sendingError, true],
  ] as [CampaignErrorKind, string, boolean][])("%s: '%s', details folded away, Retry; Go Back only after a failed send", async (kind, title, goBack) => {
    const onRetry = vi.fn();
    const onBack = vi.fn();
    renderPage(<CampaignErrorView kind={kind} error={new Error("Upstream timed out")} onRetry={onRetry} onBack={onBack} />, { viewer: admin });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: title })).toBeInTheDocument();
    expect(within(alert).getByText("Upstream timed out")).not.toBeVisible();
    await userEvent.click(within(alert).getByText("Details"));
    expect(within(alert).getByText("Upstream timed out")).toBeVisible();
    await userEvent.click(within(alert).getByRole("button", { name: EMAIL_SYSTEM_TEXTS.retry }));
    expect(onRetry).toHaveBeenCalled();
    expect(within(alert).queryByRole("button", { name: EMAIL_SYSTEM_TEXTS.goBack }) !== null).toBe(goBack);
  });

  it("reloads the page on Retry by default", async () => {
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    renderPage(<CampaignErrorView kind="api" error={new Error("x")} />, { viewer: admin });
    await userEvent.click(await screen.findByRole("button", { name: EMAIL_SYSTEM_TEXTS.retry }));
    expect(reload).toHaveBeenCalled();
  });
});

describe("campaign detail", () => {
  function renderDetail(props: Partial<CampaignDetailViewProps> = {}) {
    const all: CampaignDetailViewProps = {
      campaign: campaignDetail(),
      onSend: vi.fn(() => Promise.resolve()),
      onCancel: vi.fn(() => Promise.resolve()),
      onEndTest: vi.fn(() => Promise.resolve()),
      ...props,
    };
    renderPage(<CampaignDetailView {...all} />, { viewer: admin });
    return all;
  }

  it("offers only what the status allows", () => {
    expect(campaignActions({ status: "draft" })).toEqual({ send: true, cancel: true, endTest: false });
    expect(campaignActions({ status: "scheduled" })).toEqual({ send: true, cancel: true, endTest: false });
    expect(campaignActions({ status: "sending", abTest: { isSignificant: false, pValue: null } })).toEqual({ send: false, cancel: true, endTest: true });
    expect(campaignActions({ status: "sent", abTest: { isSignificant: true, pValue: 0.01 }, abResult: { winner: "A", improvement: 5, completedAt: 1 } })).toEqual({
      send: false,
      cancel: false,
      endTest: false,
    });
    expect(campaignActions({ status: "cancelled" })).toEqual({ send: false, cancel: false, endTest: false });
  });

  it("shows the figures per event and no buttons once sent", async () => {
    renderDetail();
    expect(await screen.findByRole("heading", { level: 1, name: "July newsletter" })).toBeInTheDocument();
    expect(screen.getByText("Delivered").nextSibling).toHaveTextContent("790");
    expect(screen.getByText("Marked as spam").nextSibling).toHaveTextContent("1");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText(/800 recipients · 800 sent · 790 delivered$/)).toBeInTheDocument();
    expect(screen.queryByText(/queued/)).not.toBeInTheDocument();
  });

  it("says all delivered, not queued, once every recipient has the e-mail", async () => {
    renderDetail({ campaign: campaignDetail({ recipientCount: 7, events: { sent: 7, delivered: 7, opened: 2, clicked: 1, bounced: 0, complained: 0 } }) });
    expect(await screen.findByText("Newsletter subscribers · 7 recipients · all delivered")).toBeInTheDocument();
  });

  it("shows an A/B test's label, p-value and variants, and ends it after asking", async () => {
    const campaign = campaignDetail({
      status: "sending",
      testType: "subject",
      variants: [
        { label: "A", subject: "Your July plan", sent: 300, conversions: 120, rate: 40 },
        { label: "B", subject: "July, sorted", sent: 300, conversions: 96, rate: 32 },
      ],
      abTest: { isSignificant: false, pValue: 0.21 },
    });
    const props = renderDetail({ campaign });
    expect(await screen.findByText(AB_TEST_LABELS.running)).toBeInTheDocument();
    expect(screen.getByText("p = 0.210")).toBeInTheDocument();
    expect(within(screen.getByRole("table", { name: "Results per variant" })).getByRole("row", { name: /^B/ })).toHaveTextContent("B3009632%");
    await userEvent.click(screen.getByRole("button", { name: "End test" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, end the test" }));
    expect(props.onEndTest).toHaveBeenCalled();
  });

  it("sends a draft after asking, and shows the sending error view with Go Back when it fails", async () => {
    const onSend = vi.fn(() => Promise.reject(new Error("Provider down")));
    renderDetail({ campaign: campaignDetail({ status: "draft", sentAt: undefined }), onSend });
    await userEvent.click(await screen.findByRole("button", { name: "Send now" }));
    expect(screen.getByText(/Send "July newsletter" to newsletter subscribers now\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Yes, send it" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(EMAIL_SYSTEM_TEXTS.sendingError);
    await userEvent.click(within(alert).getByRole("button", { name: EMAIL_SYSTEM_TEXTS.goBack }));
    expect(screen.getByRole("button", { name: "Send now" })).toBeInTheDocument();
  });

  it("says why a cancel failed, beside the buttons", async () => {
    renderDetail({
      campaign: campaignDetail({ status: "scheduled", sentAt: undefined, scheduledFor: Date.now() + 3_600_000 }),
      onCancel: () => Promise.reject(new Error("boom")),
    });
    expect(await screen.findByText((_, element) => element?.tagName === "P" && /^Scheduled for in (59 min|1 h) · /.test(element.textContent ?? ""))).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel campaign" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel it" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That didn't work. Please try again.");
  });
});

describe("campaign system health view", () => {
  it("shows only the error view with Retry Health Check and a link to /health when the check fails", async () => {
    const onRetry = vi.fn();
    renderPage(<EmailHealthView health={undefined} error={new Error("x")} onRetry={onRetry} />, { viewer: admin });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MESSAGES.healthCheck.error);
    expect(within(alert).getByRole("link", { name: /system status page/ })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    await userEvent.click(within(alert).getByRole("button", { name: MESSAGES.healthCheck.retry }));
    expect(onRetry).toHaveBeenCalled();
  });

  it("shows the system-health content when the data loads", async () => {
    renderPage(<EmailHealthView health={dashboardData().systemHealth} onRetry={() => {}} />, { viewer: admin });
    expect(await screen.findByRole("row", { name: /Database/ })).toBeInTheDocument();
  });
});
