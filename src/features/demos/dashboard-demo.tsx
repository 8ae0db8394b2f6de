import type { Id } from "@convex/_generated/dataModel";
import { ACTIVITY_DEMO_COUNT } from "@convex/model/activity";
import type { MonthlyMinutes } from "@convex/model/timeBalance";
import { useState } from "react";
import type { ViewerUser } from "@/features/auth/viewer";
import { ActivityFeed, type ActivityFilter, type ActivityItem } from "@/features/dashboard/activity-feed";
import { AvailableTimeBar } from "@/features/dashboard/available-time-bar";
import { WelcomeHeader } from "@/features/dashboard/dashboard-home";
import { QuickActions } from "@/features/dashboard/quick-actions";
import { StatTiles } from "@/features/dashboard/stat-tiles";
import { TimeBalanceCard, type LedgerEntry, type TimeBalance } from "@/features/dashboard/time-balance-card";
import { UpcomingSessions, type UpcomingSession } from "@/features/dashboard/upcoming-sessions";
import { PageHeader } from "@/features/marketing/page-parts";
import { useNow } from "@/lib/use-now";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A made-up Control member, relative to `now` so the page always reads as today. */
function demoData(now: number) {
  const user: ViewerUser = {
    _id: "demo_user" as Id<"users">,
    email: "jordan.rivera@example.com",
    firstName: "Jordan",
    lastName: "Rivera",
    role: "client",
    userType: "client",
    tier: "control",
    createdAt: now - 400 * DAY,
    forumMember: true,
    forumName: "jordan",
    status: "active",
    timezone: timeZone(),
  };
  const sessionId = (n: number) => `demo_session_${n}` as Id<"sessions">;
  // Sessions start on the hour, as booked ones do.
  const hour = Math.ceil(now / HOUR) * HOUR;
  const upcoming: UpcomingSession[] = [
    { id: sessionId(1), title: "Weekly planning", startsAt: hour + HOUR, durationMinutes: 60, coachName: "Cora Reyes" },
    { id: sessionId(2), title: "Automation check-in", startsAt: hour + 2 * DAY, durationMinutes: 30, coachName: "Cora Reyes" },
    { id: sessionId(3), title: "Calendar clarity", startsAt: hour + 6 * DAY, durationMinutes: 60, coachName: "Sam Okafor" },
  ];
  const balance: TimeBalance = { totalMinutes: 600, consumedMinutes: 270, remainingMinutes: 330, lastPurchaseAt: now - 20 * DAY };
  const history: LedgerEntry[] = [
    { id: "l1", kind: "purchase", minutes: 600, at: now - 20 * DAY, note: "Control, quarterly" },
    { id: "l2", kind: "booking_debit", minutes: -60, at: now - 14 * DAY, note: "Weekly planning" },
    { id: "l3", kind: "booking_debit", minutes: -90, at: now - 7 * DAY, note: "Deep work review" },
    { id: "l4", kind: "booking_debit", minutes: -120, at: now - 2 * DAY, note: "Automation build" },
  ];
  const month = (offset: number) => {
    const date = new Date(now);
    date.setMonth(date.getMonth() - offset, 1);
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
  };
  const months: MonthlyMinutes[] = [5, 4, 3, 2, 1, 0].map((offset, index) => ({
    month: month(offset),
    boughtMinutes: index % 3 === 0 ? 600 : 0,
    usedMinutes: 120 + index * 30,
  }));
  const activity: ActivityItem[] = [
    { type: "session", title: "Session completed: Weekly planning", description: "60 minutes with Cora Reyes", ago: 35 * MINUTE, status: "completed" },
    { type: "transcript", title: "Transcript ready", description: "Weekly planning", ago: 50 * MINUTE, status: "completed" },
    { type: "recording", title: "Recording processing", description: "Weekly planning", ago: 55 * MINUTE, status: "in_progress" },
    { type: "booking", title: "Session booked: Automation check-in", description: "In 2 days", ago: 3 * HOUR, status: "completed" },
    { type: "system", title: "Time balance topped up", description: "600 minutes added", ago: 20 * DAY, status: "completed" },
    { type: "booking", title: "Booking awaiting confirmation", description: "Calendar clarity with Sam Okafor", ago: 21 * DAY, status: "pending" },
    { type: "recording", title: "Recording failed to upload", description: "Deep work review; your coach has been told", ago: 7 * DAY, status: "error" },
    { type: "session", title: "Session completed: Deep work review", description: "90 minutes with Cora Reyes", ago: 7 * DAY + HOUR, status: "completed" },
  ]
    .slice(0, ACTIVITY_DEMO_COUNT)
    .map(({ ago, ...item }, index) => ({ ...item, _id: `demo_activity_${index}` as Id<"activities">, timestamp: now - ago }) as ActivityItem)
    .sort((a, b) => b.timestamp - a.timestamp);
  return { user, upcoming, balance, history, months, activity };
}

/** /demos/dashboard: the member dashboard's real widgets on made-up data; it reads and writes nothing. */
export function DashboardDemo() {
  const now = useNow();
  const [data] = useState(() => demoData(now));
  const [filter, setFilter] = useState<ActivityFilter>("all");
  const next = data.upcoming[0]!;
  const activity = filter === "all" ? data.activity : data.activity.filter((item) => item.type === filter);
  return (
    <article aria-labelledby="dashboard-demo-title" className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10">
      <PageHeader
        id="dashboard-demo-title"
        eyebrow="Demo"
        title="Enhanced dashboard demo"
        lead="The member dashboard's own widgets, for a made-up member. Nothing here is read from or saved to an account."
      />
      <WelcomeHeader user={data.user} now={now} sessionsThisWeek={2} titleLevel="h2" />
      <QuickActions
        remainingMinutes={data.balance.remainingMinutes}
        nextSession={{ id: next.id, startsAt: next.startsAt, joinOpensAt: next.startsAt - 10 * MINUTE, endsAt: next.startsAt + next.durationMinutes * MINUTE }}
        now={now}
      />
      <AvailableTimeBar balance={data.balance} />
      <div className="grid gap-6 lg:grid-cols-2">
        <UpcomingSessions sessions={data.upcoming} timeZone={data.user.timezone} now={now} />
        <TimeBalanceCard
          balance={data.balance}
          months={data.months}
          timeZone={data.user.timezone}
          history={{ entries: data.history, canLoadMore: false, loadingMore: false, onLoadMore: () => {} }}
        />
      </div>
      <StatTiles
        tiles={[
          { label: "Sessions completed", value: 24 },
          { label: "Hours of coaching", value: 31 },
          { label: "Sessions this week", value: 2 },
          { label: "Upcoming sessions", value: data.upcoming.length },
        ]}
      />
      <ActivityFeed items={activity} now={now} filter={filter} onFilterChange={setFilter} canLoadMore={false} onLoadMore={() => {}} loading={false} />
    </article>
  );
}
