import type { Id } from "@convex/_generated/dataModel";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { getFunctionName } from "convex/server";
import { signedIn, testAuthSession } from "@/test/auth";
import { renderApp } from "@/test/render-app";

const YEAR = 365 * 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const now = Date.now();

const summary = {
  week: { startsAt: now - 2 * 24 * HOUR, endsAt: now + 5 * 24 * HOUR },
  sessionsThisWeek: 2,
  stats: { totalSessions: 14, totalHours: 13.5, upcomingCount: 2, actionItemsDone: null, actionItemsTotal: null },
  upcoming: [
    {
      _id: "sessions:1" as Id<"sessions">,
      title: "Weekly planning",
      startsAt: now + 26 * HOUR,
      endsAt: now + 27 * HOUR,
      durationMinutes: 60,
      joinOpensAt: now + 26 * HOUR - 10 * 60_000,
      joinClosesAt: now + 27 * HOUR,
      coachName: "Cora Lindqvist",
    },
  ],
  nextSession: null,
  latestRecordingId: null,
  balance: { totalMinutes: 600, consumedMinutes: 420, remainingMinutes: 180 },
};
const coach = {
  upcoming: [
    {
      _id: "sessions:2" as Id<"sessions">,
      title: "Focus session",
      startsAt: now + 2 * HOUR,
      endsAt: now + 3 * HOUR,
      durationMinutes: 60,
      joinOpensAt: now + 2 * HOUR - 10 * 60_000,
      joinClosesAt: now + 3 * HOUR,
      memberId: "users:sam" as Id<"users">,
      memberName: "Sam Rivera",
    },
  ],
  recent: [
    {
      _id: "sessions:0" as Id<"sessions">,
      title: "Weekly planning",
      startsAt: now - 26 * HOUR,
      endsAt: now - 25 * HOUR,
      durationMinutes: 60,
      joinOpensAt: now - 26 * HOUR - 10 * 60_000,
      joinClosesAt: now - 25 * HOUR,
      memberId: "users:kim" as Id<"users">,
      memberName: "Kim Park",
    },
  ],
  todayCount: 1,
  activeClients: 4,
};
const activity = [
  {
    _id: "activities:1" as Id<"activities">,
    type: "booking" as const,
    title: "Session booked",
    description: "Weekly planning with Cora Lindqvist",
    timestamp: now - 5 * 60_000,
    status: "completed" as const,
    actionUrl: "/dashboard/bookings/sessions:1",
    actionLabel: "View booking",
  },
];
const months = ["2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"].map((month, index) => ({
  month,
  boughtMinutes: index === 0 ? 600 : 0,
  usedMinutes: index * 60,
}));
const calls: { name: string; args: unknown }[] = [];

vi.mock("convex/react", () => ({
  useMutation: () => vi.fn(),
  useQuery: (query: unknown, args: unknown) => {
    const name = getFunctionName(query as never);
    calls.push({ name, args });
    if (name === "dashboard:summary") return summary;
    if (name === "dashboard:coach") return coach;
    if (name === "timeBalance:monthly" && args !== "skip") return months;
    return undefined;
  },
  usePaginatedQuery: (query: unknown, args: unknown) => {
    calls.push({ name: getFunctionName(query as never), args });
    const results = getFunctionName(query as never) === "activity:list" && args !== "skip" ? activity : [];
    return { results, status: "Exhausted", loadMore: vi.fn() };
  },
}));

describe("dashboard home", () => {
  it("greets the member with initials, plan badge, membership length and this week's sessions", async () => {
    renderApp("/dashboard", {
      viewer: signedIn({ firstName: "Maya", lastName: "Lopez", tier: "mastery", createdAt: Date.now() - 2 * YEAR - 1000 }),
    });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { level: 1, name: /^Good (morning|afternoon|evening), Maya$/ })).toBeInTheDocument();
    expect(within(main).getByText("ML")).toBeInTheDocument();
    expect(main).toHaveTextContent("Plan: Mastery");
    expect(main).toHaveTextContent("Member for 2 years · 2 sessions this week");
    expect(document.title).toBe("Dashboard | LWCC");
  });

  it("shows the member's real figures: stats, upcoming sessions, balance and activity", async () => {
    renderApp("/dashboard", { viewer: signedIn() });
    const main = await screen.findByRole("main");
    await within(main).findByRole("heading", { level: 1 });
    expect(within(main).getByText("Sessions completed").parentElement).toHaveTextContent("14");
    expect(within(main).getByText("Hours of coaching").parentElement).toHaveTextContent("13.5");
    expect(within(main).getByText("Weekly planning")).toBeInTheDocument();
    expect(main).toHaveTextContent("Cora Lindqvist");
    expect(within(main).getByRole("link", { name: "View Calendar" })).toHaveAttribute("href", "/dashboard/calendar");
    expect(main).toHaveTextContent("3 h");
    expect(within(main).getByText("Session booked")).toBeInTheDocument();
    // The ledger history is read only while its dialog is open.
    expect(calls.find((call) => call.name === "timeBalance:history")?.args).toBe("skip");
  });

  it("reads the minutes by month only once the balance details are open, and shows them", async () => {
    renderApp("/dashboard", { viewer: signedIn() });
    const main = await screen.findByRole("main");
    const details = await within(main).findByRole("button", { name: "Details" });
    const monthlyArgs = () => calls.filter((call) => call.name === "timeBalance:monthly").map((call) => call.args);
    expect(monthlyArgs().every((args) => args === "skip")).toBe(true);

    await userEvent.click(details);
    expect(monthlyArgs().at(-1)).toEqual({});
    const dialog = screen.getByRole("dialog", { name: "Time balance details" });
    expect(within(dialog).getByText("In the last 6 months: 10 h bought, 15 h used.")).toBeInTheDocument();
    expect(within(dialog).getByRole("table", { name: /^Minutes bought and used per month/ })).toHaveTextContent("March 20260 min5 h");
  });

  it("shows a coach their sessions with the member's name and their numbers", async () => {
    renderApp("/dashboard", { viewer: signedIn({ role: "coach", userType: "coach", firstName: "Cora" }) });
    const main = await screen.findByRole("main");
    expect(await within(main).findByRole("heading", { name: "Your upcoming sessions" })).toBeInTheDocument();
    expect(within(main).getByRole("link", { name: /Focus session · Sam Rivera/ })).toHaveAttribute("href", "/session/sessions:2");
    expect(within(main).getByText("Active clients").parentElement).toHaveTextContent("4");
    // Past sessions are where the coach adds a transcript afterwards.
    const recent = within(main).getByRole("region", { name: "Recent sessions" });
    expect(within(recent).getByRole("link", { name: /Weekly planning · Kim Park/ })).toHaveAttribute("href", "/session/sessions:0");
    // Their weekly hours are edited right here (loading in this test).
    expect(within(main).getByRole("heading", { name: "Availability" })).toBeInTheDocument();
  });

  it("shows no plan badge on the free tier", async () => {
    renderApp("/dashboard", { viewer: signedIn({ tier: "foundation" }) });
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByText(/Plan:/)).not.toBeInTheDocument();
  });

  it("shows a skeleton until the member's details arrive", async () => {
    renderApp("/dashboard", { auth: testAuthSession("signed-in").session, viewer: { status: "loading" } });
    expect(await screen.findByText("Loading your dashboard")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
  });
});
