import { EMAIL_SYSTEM_TEXTS } from "@convex/model/emailSystem";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ADMIN_REQUIRED } from "@/features/admin/admin-access";
import { MESSAGES } from "@/lib/messages";
import { signedIn } from "@/test/auth";
import { campaignResult, campaignSummary, dashboardData, errorRecord, templateRow } from "@/test/email-system";
import { renderApp } from "@/test/render-app";
import { EMAIL_UI_TEXTS } from "./texts";

const state = {
  fail: null as Error | null,
  campaign: campaignResult() as unknown,
  calls: [] as [string, unknown][],
  listeners: new Set<() => void>(),
};
function update(change: Partial<typeof state>) {
  Object.assign(state, change);
  act(() => state.listeners.forEach((listener) => listener()));
}

vi.mock("convex/react", async () => {
  const { useEffect, useReducer } = await import("react");
  const name = (ref: unknown) => getFunctionName(ref as never);
  const record = (ref: unknown) => (args: unknown) => {
    state.calls.push([name(ref), args]);
    return Promise.resolve(name(ref) === "campaigns:create" ? "emailCampaigns:new" : null);
  };
  return {
    useQuery: (ref: unknown) => {
      const [, rerender] = useReducer((n: number) => n + 1, 0);
      useEffect(() => {
        state.listeners.add(rerender);
        return () => void state.listeners.delete(rerender);
      }, []);
      if (state.fail) throw state.fail;
      switch (name(ref)) {
        case "emailDashboard:campaignPerformance":
        case "emailDashboard:templateAnalytics":
        case "emailDashboard:abTestingOverview":
        case "emailDashboard:systemHealth":
        case "emailDashboard:errorReporting":
        case "emailDashboard:timeline": {
          const data = dashboardData();
          return { lastUpdated: data.lastUpdated, value: data[name(ref).split(":")[1] as keyof typeof data] };
        }
        case "emailTemplates:list":
          return [templateRow()];
        case "campaigns:audienceSize":
          return { count: 1204, capped: false };
        case "campaigns:get":
          return state.campaign;
        default:
          return undefined;
      }
    },
    usePaginatedQuery: (ref: unknown) => ({
      results: name(ref) === "campaigns:list" ? [campaignSummary()] : [errorRecord()],
      status: "Exhausted",
      loadMore: () => {},
    }),
    useMutation: record,
    useAction: record,
  };
});

const admin = signedIn({ role: "admin", timezone: "UTC" });

beforeEach(() => {
  state.fail = null;
  state.campaign = campaignResult();
  state.calls = [];
});

describe("/admin/email", () => {
  it("opens the tab named in the address and keeps the chosen tab there", async () => {
    const { router } = renderApp("/admin/email?tab=templates", { viewer: admin });
    expect(await screen.findByRole("tab", { name: "Templates", selected: true })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Monthly newsletter", level: 3 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Campaigns" }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ tab: "campaigns" }));
    expect(await screen.findByRole("link", { name: "July newsletter" })).toHaveAttribute("href", "/admin/email/campaigns/emailCampaigns%3Ajuly");
    await userEvent.click(screen.getByRole("tab", { name: "Overview" }));
    await vi.waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("opens the overview for an unknown tab", async () => {
    renderApp("/admin/email?tab=nope", { viewer: admin });
    expect(await screen.findByRole("tab", { name: "Overview", selected: true })).toBeInTheDocument();
  });

  it("measures afresh on Refresh now", async () => {
    renderApp("/admin/email", { viewer: admin });
    await userEvent.click(await screen.findByRole("button", { name: EMAIL_UI_TEXTS.refreshNow }));
    expect(state.calls).toContainEqual(["emailHealth:probe", {}]);
  });

  it("creates a campaign from the compose dialog and sends it", async () => {
    const user = userEvent.setup();
    renderApp("/admin/email?tab=campaigns", { viewer: admin });
    await user.click(await screen.findByRole("button", { name: "New campaign" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Goes to 1,204 people.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Name/), "August newsletter");
    await user.selectOptions(within(dialog).getByLabelText(/^Template/), "Monthly newsletter");
    await user.click(within(dialog).getByRole("button", { name: "Send now" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(state.calls).toEqual([
      [
        "campaigns:create",
        {
          name: "August newsletter",
          templateId: "emailTemplates:monthly",
          audience: { kind: "newsletter" },
        },
      ],
      ["campaigns:send", { campaignId: "emailCampaigns:new" }],
    ]);
    expect(screen.getByText("Campaign created. It is going out now.")).toBeInTheDocument();
  });

  it("shows the error screen when the data fails, and loads again on Retry", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    state.fail = new Error("Server unavailable");
    renderApp("/admin/email", { viewer: admin });
    expect(await screen.findByRole("heading", { name: EMAIL_SYSTEM_TEXTS.dashboardLoadFailed })).toBeInTheDocument();
    update({ fail: null });
    await userEvent.click(screen.getByRole("button", { name: EMAIL_SYSTEM_TEXTS.retry }));
    expect(await screen.findByRole("tab", { name: "Overview", selected: true })).toBeInTheDocument();
  });

  it("asks anyone else for an admin account", async () => {
    renderApp("/admin/email", { viewer: signedIn({ role: "coach" }) });
    expect(await screen.findByRole("alert")).toHaveTextContent(ADMIN_REQUIRED);
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    // The refused page keeps its title as its one heading.
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Email System");
  });
});

describe("/admin/email/campaigns/$campaignId", () => {
  it("shows the campaign", async () => {
    renderApp("/admin/email/campaigns/emailCampaigns:july", { viewer: admin });
    expect(await screen.findByRole("heading", { level: 1, name: "July newsletter" })).toBeInTheDocument();
  });

  it("shows the Campaign API Error view when it cannot be loaded", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    state.fail = new Error("Campaign query failed");
    renderApp("/admin/email/campaigns/emailCampaigns:july", { viewer: admin });
    expect(await screen.findByRole("heading", { name: EMAIL_SYSTEM_TEXTS.campaignApiError })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: EMAIL_SYSTEM_TEXTS.goBack })).not.toBeInTheDocument();
  });

  it("says so when there is no such campaign", async () => {
    state.campaign = null;
    renderApp("/admin/email/campaigns/emailCampaigns:gone", { viewer: admin });
    expect(await screen.findByRole("heading", { name: "Campaign not found" })).toBeInTheDocument();
  });
});

describe("/admin/email/health", () => {
  it("shows the health tables, or only the error view when the check fails", async () => {
    renderApp("/admin/email/health", { viewer: admin });
    expect(await screen.findByRole("row", { name: /Database/ })).toBeInTheDocument();
  });

  it("shows only the error view when the check fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    state.fail = new Error("down");
    renderApp("/admin/email/health", { viewer: admin });
    expect(await screen.findByText(MESSAGES.healthCheck.error)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: MESSAGES.healthCheck.retry })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
