import { DEBUG_TEXTS } from "@convex/model/debug";
import { EMAIL_SYSTEM_TEXTS } from "@convex/model/emailSystem";
import { DEBUG_MESSAGES } from "@convex/model/messages";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { ConvexError } from "convex/values";
import { ADMIN_REQUIRED } from "@/features/admin/admin-access";
import { renderPage } from "@/features/catalog/render-page";
import { signedIn } from "@/test/auth";
import { CampaignApiErrors } from "./campaign-api-errors";
import { CollectionsPermissionsDebug } from "./collections-permissions-debug";
import { PremiumPlanDebug } from "./complementary-debug";
import { ComparisonResult, fetchPrerendered, firstDifference, HYDRATION_TEXT } from "./hydration-debug";
import { McpAirtableTest } from "./mcp-airtable-test";
import { RealTimeTest } from "./real-time-test";
import { MASTERY_TEXT, UpdateToMasteryDebug } from "./update-to-mastery-debug";

const mock = {
  queries: {} as Record<string, unknown>,
  queried: [] as string[],
  mutations: {} as Record<string, (args: unknown) => Promise<unknown>>,
};

vi.mock("convex/react", () => ({
  useQuery: (query: never, args: unknown) => {
    const name = getFunctionName(query);
    mock.queried.push(name);
    const answer = mock.queries[name];
    return typeof answer === "function" ? (answer as (args: unknown) => unknown)(args) : answer;
  },
  useMutation: (mutation: never) => (args: unknown) => mock.mutations[getFunctionName(mutation)]!(args),
}));

beforeEach(() => {
  mock.queries = {};
  mock.queried = [];
  mock.mutations = {};
});

const admin = signedIn({ role: "admin", userType: "admin" });
const member = signedIn();

describe("admin-only debug pages", () => {
  it("refuse a member without asking the server for the data", async () => {
    renderPage(<CollectionsPermissionsDebug />, { viewer: member });
    expect(await screen.findByRole("heading", { level: 1, name: "Collections and permissions debug" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(ADMIN_REQUIRED);
    expect(mock.queried).toEqual([]);
  });

  it("show the admin-required note when the server refuses anyway", async () => {
    mock.queries["debug:permissions"] = () => {
      throw new ConvexError({ code: "FORBIDDEN", message: "You don't have permission to do that." });
    };
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderPage(<CollectionsPermissionsDebug />, { viewer: admin });
    expect(await screen.findByRole("alert")).toHaveTextContent(ADMIN_REQUIRED);
  });

  it("list roles with their flags and tables with whether they have rows", async () => {
    mock.queries["debug:permissions"] = {
      viewer: { role: "admin", userType: "admin", tier: "foundation", flags: ["advancedAnalytics", "beta", "debug"], permissions: ["manageUsers"] },
      roles: [
        { role: "coach", permissions: ["createSessions"], flags: ["coachTools", "sessionTemplates"], readOnly: false, maxSessionMinutes: null, resourceRead: true, resourceWrite: true, accessLevels: ["public", "staff"] },
        { role: "guest_temporary", permissions: [], flags: ["limitedAccess"], readOnly: true, maxSessionMinutes: 30, resourceRead: true, resourceWrite: false, accessLevels: ["public"] },
      ],
      collections: [{ name: "users", about: "Accounts", access: "admin", hasRows: true }],
    };
    renderPage(<CollectionsPermissionsDebug />, { viewer: admin });
    const roles = await screen.findByRole("table", { name: "Roles and flags" });
    expect(within(roles).getByRole("row", { name: /coach/ })).toHaveTextContent("coachTools, sessionTemplates");
    expect(within(roles).getByRole("row", { name: /guest_temporary/ })).toHaveTextContent("30 min");
    expect(within(screen.getByRole("table", { name: "Collections" })).getByRole("row", { name: /users/ })).toHaveTextContent(/admins.*yes/);
  });
});

describe("complimentary premium plan page", () => {
  it("shows the result with next steps", async () => {
    const grant = vi.fn(() =>
      Promise.resolve({ message: DEBUG_TEXTS.complementaryGranted("maya@example.com", "premium"), email: "maya@example.com", tier: "premium", previousTier: "foundation", memberTier: "premium", subscriptionId: "sub1" }),
    );
    mock.mutations["debug:grantComplementary"] = grant;
    renderPage(<PremiumPlanDebug />, { viewer: admin });
    await userEvent.type(await screen.findByLabelText("Member's e-mail"), "maya@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Grant the plan" }));
    expect(await screen.findByText(DEBUG_TEXTS.complementaryGranted("maya@example.com", "premium"))).toBeInTheDocument();
    expect(grant).toHaveBeenCalledWith({ email: "maya@example.com", tier: "premium" });
    expect(screen.getByRole("heading", { name: "Next steps" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "/premium" })).toHaveAttribute("href", "/premium");
  });

  it("shows the server's error text, the debug info and next steps", async () => {
    mock.mutations["debug:grantComplementary"] = () => Promise.reject(new ConvexError({ code: "ALREADY_COMPLEMENTARY", message: DEBUG_MESSAGES.ALREADY_COMPLEMENTARY }));
    renderPage(<PremiumPlanDebug />, { viewer: admin });
    await userEvent.type(await screen.findByLabelText("Member's e-mail"), "maya@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Grant the plan" }));
    expect(await screen.findByText(DEBUG_MESSAGES.ALREADY_COMPLEMENTARY)).toBeInTheDocument();
    expect(screen.getByText(/"code": "ALREADY_COMPLEMENTARY"/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Users" })).toHaveAttribute("href", "/admin/users");
  });
});

describe("update to Mastery debug", () => {
  it("says how the change would go and what it adds, and when no account has the e-mail", async () => {
    mock.queries["debug:masteryPreview"] = (args: { email?: string }) =>
      args.email
        ? null
        : {
            email: "admin@example.com",
            name: "Ada Admin",
            subscription: null,
            currentTier: "foundation",
            currentTierLabel: "Foundation",
            targetTier: "mastery",
            path: "checkout",
            next: "/checkout?tier=mastery&billing=monthly",
            prices: [{ cycle: "monthly", name: "Mastery Monthly", amount: 42700 }],
            unlocks: ["Coaching (/coaching), for Mastery only"],
          };
    renderPage(<UpdateToMasteryDebug />, { viewer: admin });
    expect(await screen.findByText(MASTERY_TEXT.paths.checkout)).toBeInTheDocument();
    expect(screen.getByText("Mastery Monthly: $427.00")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the next step" })).toHaveAttribute("href", "/checkout?tier=mastery&billing=monthly");
    await userEvent.type(screen.getByLabelText(/Member's e-mail/), "nobody@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Show the preview" }));
    expect(await screen.findByText(MASTERY_TEXT.noAccount)).toBeInTheDocument();
  });
});

describe("real-time test route", () => {
  it("refuses outside development with the SPEC text and a link to the dashboard", async () => {
    renderPage(<RealTimeTest development={false} />, { viewer: admin });
    expect(await screen.findByText(DEBUG_TEXTS.realTimeDenied)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(mock.queried).toEqual([]);
  });

  it("shows the live pings in development", async () => {
    mock.queries["debug:pings"] = [{ id: "p1", sentAt: 1_000, at: 1_040 }];
    renderPage(<RealTimeTest development />, { viewer: admin });
    expect(await screen.findByText(/written 40 ms after sending/)).toBeInTheDocument();
  });
});

describe("public debug pages", () => {
  it("the Airtable post answers that the integration is not configured", async () => {
    renderPage(<McpAirtableTest />);
    await userEvent.click(await screen.findByRole("button", { name: "Post a test record" }));
    expect(screen.getByText(DEBUG_TEXTS.airtableNotConfigured)).toBeInTheDocument();
  });

  it("the campaign error pages show each view, Go Back only after sending, and the analytics 500 body", async () => {
    renderPage(<CampaignApiErrors />);
    for (const title of [EMAIL_SYSTEM_TEXTS.campaignApiError, EMAIL_SYSTEM_TEXTS.schedulingError, EMAIL_SYSTEM_TEXTS.sendingError]) {
      expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(screen.getAllByRole("button", { name: EMAIL_SYSTEM_TEXTS.retry })).toHaveLength(3);
    expect(screen.getAllByRole("button", { name: EMAIL_SYSTEM_TEXTS.goBack })).toHaveLength(1);
    expect(screen.getByText(/"success": false/)).toHaveTextContent(EMAIL_SYSTEM_TEXTS.analyticsError);
  });
});

describe("hydration debug", () => {
  const html = (root: string) => `<!doctype html><html><head><title>Pricing | LWCC</title></head><body><div id="root">${root}</div></body></html>`;
  const fetcher = (body: string) => (() => Promise.resolve(new Response(body))) as unknown as typeof fetch;

  it("reads a prerendered page, and tells the plain app shell apart", async () => {
    expect(await fetchPrerendered("/pricing", fetcher(html("<main><h1>Pricing</h1><p>Clarity  $21</p><script>window.x = 1</script></main>")))).toEqual({
      title: "Pricing | LWCC",
      h1: "Pricing",
      // textContent: what the markup says, whitespace collapsed; the same reading on both sides.
      text: "PricingClarity $21",
    });
    expect(await fetchPrerendered("/pricing", fetcher(html("")))).toBeNull();
  });

  it("finds where the two renders part", () => {
    expect(firstDifference("same", "same")).toBeNull();
    expect(firstDifference("Sign In now", "Sign Out now", 3)).toEqual({ server: "gn In ", client: "gn Out" });
  });

  it("says when the browser blocked the window the comparison needs", async () => {
    renderPage(<ComparisonResult result={{ kind: "blocked", path: "/pricing" }} />);
    expect(await screen.findByText(HYDRATION_TEXT.blocked)).toBeInTheDocument();
  });

  it("says whether the renders matched", async () => {
    const page = { title: "Pricing | LWCC", h1: "Pricing", text: "Pricing" };
    renderPage(<ComparisonResult result={{ kind: "compared", path: "/pricing", server: page, client: page, matched: true, firstDifference: null }} />);
    expect(await screen.findByText("The client render matches the prerendered page.")).toBeInTheDocument();
  });
});
