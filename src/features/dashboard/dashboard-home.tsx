import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";
import { ACTIVITY_VISIBLE } from "@convex/model/activity";
import { hasPremiumAccess } from "@convex/model/permissions";
import { usePaginatedQuery, useQuery } from "convex/react";
import { useState } from "react";
import { TierBadge } from "@/features/account/tier-badge";
import { ActionItemsCard } from "@/features/action-items/action-items-card";
import { initials, useViewer, type ViewerUser } from "@/features/auth/viewer";
import { AvailabilityEditor } from "@/features/booking/availability-editor";
import { whenWithTime } from "@/lib/relative-time";
import { useNow } from "@/lib/use-now";
import { ActivityFeed, type ActivityFilter } from "./activity-feed";
import { AvailableTimeBar } from "./available-time-bar";
import { InactivityNotice } from "./inactivity-notice";
import { DASHBOARD_URLS } from "./dashboard-urls";
import { QuickActions } from "./quick-actions";
import { StatTiles } from "./stat-tiles";
import { TimeBalanceCard } from "./time-balance-card";
import { UpcomingSessions } from "./upcoming-sessions";
import { greeting, memberFor } from "./welcome";
import { CoachWaitlist } from "@/features/booking/waitlist";

function WelcomeSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-8">
      <span className="sr-only" role="status">
        Loading your dashboard
      </span>
      <div className="flex items-center gap-4">
        <div className="size-16 shrink-0 animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
        <div className="flex flex-1 flex-col gap-3">
          <div className="h-8 w-64 max-w-full animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
          <div className="h-5 w-40 animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
        </div>
      </div>
      <div className="h-36 animate-pulse rounded-xl bg-muted motion-reduce:animate-none" />
    </div>
  );
}

/** The dashboard's greeting; `titleLevel` h2 where it sits under another page's h1 (the dashboard demo). */
export function WelcomeHeader({
  user,
  now,
  sessionsThisWeek,
  titleLevel: Title = "h1",
}: {
  user: ViewerUser;
  now: number;
  sessionsThisWeek: number | undefined;
  titleLevel?: "h1" | "h2";
}) {
  return (
    <header className="flex flex-wrap items-center gap-4">
      <span
        aria-hidden
        className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-semibold text-primary-foreground"
      >
        {initials(user)}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Title className="text-3xl font-bold break-words">
          {greeting(now, user.timezone)}, {user.firstName || "there"}
        </Title>
        <p className="text-muted-foreground">
          {memberFor(user.createdAt, now)}
          {sessionsThisWeek === undefined ? null : ` · ${sessionsThisWeek} ${sessionsThisWeek === 1 ? "session" : "sessions"} this week`}
        </p>
      </div>
      {hasPremiumAccess(user.tier) ? <TierBadge tier={user.tier} /> : null}
    </header>
  );
}

function MemberDashboard({ user }: { user: ViewerUser }) {
  const now = useNow();
  const summary = useQuery(api.dashboard.summary);
  const [historyOpen, setHistoryOpen] = useState(false);
  const history = usePaginatedQuery(api.timeBalance.history, historyOpen ? {} : "skip", { initialNumItems: 20 });
  const months = useQuery(api.timeBalance.monthly, historyOpen ? {} : "skip");
  const [filter, setFilter] = useState<ActivityFilter>("all");
  const activity = usePaginatedQuery(api.activity.list, filter === "all" ? {} : { type: filter }, { initialNumItems: ACTIVITY_VISIBLE });
  const next = summary?.nextSession;
  const tiles = summary && [
    { label: "Sessions completed", value: summary.stats.totalSessions },
    { label: "Hours of coaching", value: summary.stats.totalHours },
    { label: "Sessions this week", value: summary.sessionsThisWeek },
    { label: "Upcoming sessions", value: summary.stats.upcomingCount },
  ];
  return (
    <div className="flex flex-col gap-8">
      <WelcomeHeader user={user} now={now} sessionsThisWeek={summary?.sessionsThisWeek} />
      <InactivityNotice />
      <QuickActions
        remainingMinutes={summary?.balance.remainingMinutes}
        nextSession={next ? { id: next._id, startsAt: next.startsAt, joinOpensAt: next.joinOpensAt, endsAt: next.joinClosesAt } : undefined}
        latestRecordingId={summary?.latestRecordingId ?? undefined}
        now={now}
      />
      <p className="text-sm text-muted-foreground">
        Hard to get started alone?{" "}
        <a href={DASHBOARD_URLS.focus} className="font-medium text-primary underline-offset-4 hover:underline">
          Work alongside others in a focus room
        </a>
      </p>
      <AvailableTimeBar balance={summary?.balance} />
      <div className="grid gap-6 lg:grid-cols-2">
        <UpcomingSessions
          sessions={summary?.upcoming.map(({ _id, title, startsAt, durationMinutes, coachName }) => ({
            id: _id,
            title,
            startsAt,
            durationMinutes,
            coachName,
          }))}
          timeZone={user.timezone}
          now={now}
        />
        <TimeBalanceCard
          balance={summary?.balance}
          months={months}
          timeZone={user.timezone}
          onDetailsOpenChange={setHistoryOpen}
          history={{
            entries:
              history.status === "LoadingFirstPage"
                ? undefined
                : history.results.map(({ _id, kind, minutes, at, note }) => ({ id: _id, kind, minutes, at, note })),
            canLoadMore: history.status === "CanLoadMore",
            loadingMore: history.status === "LoadingMore",
            onLoadMore: () => history.loadMore(20),
          }}
        />
      </div>
      <ActionItemsCard />
      <StatTiles tiles={tiles} />
      <ActivityFeed
        items={activity.results}
        now={now}
        filter={filter}
        onFilterChange={setFilter}
        canLoadMore={activity.status === "CanLoadMore"}
        onLoadMore={() => activity.loadMore(ACTIVITY_VISIBLE)}
        loading={activity.status === "LoadingFirstPage" || activity.status === "LoadingMore"}
      />
    </div>
  );
}

type CoachSession = FunctionReturnType<typeof api.dashboard.coach>["upcoming"][number];

function CoachSessionList({
  id,
  title,
  hint,
  sessions,
  empty,
  now,
  timeZone,
}: {
  id: string;
  title: string;
  hint?: string;
  sessions: CoachSession[] | undefined;
  empty: string;
  now: number;
  timeZone: string;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {sessions === undefined ? (
        <div aria-busy="true" className="h-24 animate-pulse rounded-xl bg-muted motion-reduce:animate-none" />
      ) : sessions.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-live="polite">
          {sessions.map((session) => (
            <li key={session._id}>
              <a
                href={`/session/${session._id}`}
                className="flex min-h-11 flex-col gap-0.5 rounded-lg border bg-card p-4 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              >
                <span className="font-medium">
                  {session.title} · {session.memberName}
                </span>
                <span className="text-sm text-muted-foreground">{whenWithTime(session.startsAt, now, timeZone)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CoachDashboard({ user }: { user: ViewerUser }) {
  const now = useNow();
  const coach = useQuery(api.dashboard.coach);
  const tiles = coach && [
    { label: "Sessions today", value: coach.todayCount },
    { label: "Upcoming sessions", value: coach.upcoming.length },
    { label: "Active clients", value: coach.activeClients, hint: "Seen in the last 30 days" },
  ];
  return (
    <div className="flex flex-col gap-8">
      <WelcomeHeader user={user} now={now} sessionsThisWeek={undefined} />
      <StatTiles tiles={tiles} label="Your coaching" />
      <CoachSessionList
        id="coach-upcoming-title"
        title="Your upcoming sessions"
        sessions={coach?.upcoming}
        empty="No sessions booked yet. Members book from your open times."
        now={now}
        timeZone={user.timezone}
      />
      <CoachSessionList
        id="coach-recent-title"
        title="Recent sessions"
        hint="Add the transcript and recording here after a session."
        sessions={coach?.recent}
        empty="No past sessions yet."
        now={now}
        timeZone={user.timezone}
      />
      <CoachWaitlist timeZone={user.timezone} now={now} />
      <ActionItemsCard />
      <AvailabilityEditor />
    </div>
  );
}

/** The member's home base: minutes, the next session and what happened, live from Convex. Coaches see their week. */
export function DashboardHome() {
  const viewer = useViewer();
  if (viewer.status !== "signed-in") return <WelcomeSkeleton />;
  return viewer.user.role === "coach" ? <CoachDashboard user={viewer.user} /> : <MemberDashboard user={viewer.user} />;
}
