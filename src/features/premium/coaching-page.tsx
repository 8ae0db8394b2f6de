import { COACHING_TITLE } from "./titles";
import { api } from "@convex/_generated/api";
import { TIER_LABELS } from "@convex/model/permissions";
import { balanceWarning } from "@convex/model/timeBalance";
import { Link } from "@tanstack/react-router";
import type { FunctionReturnType } from "convex/server";
import { useQuery } from "convex/react";
import { CalendarPlusIcon, ClockIcon, LockKeyholeIcon, UserRoundIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { DASHBOARD_URLS } from "@/features/dashboard/dashboard-urls";
import { LoadErrorBoundary } from "@/features/sessions/page-states";
import { formatDuration, whenWithTime } from "@/lib/relative-time";
import { useNow } from "@/lib/use-now";

export const FIRST_SESSION_STEP = "Book your first coaching session";

type Overview = Extract<FunctionReturnType<typeof api.coaching.overview>, { allowed: true }>;

/** Calm, not alarming: the page is part of Mastery, and the two places to learn more. */
function CoachingGate() {
  return (
    <section aria-labelledby="coaching-gate-title" className="flex flex-col items-start gap-4 rounded-xl border bg-card p-6 sm:p-8">
      <h2 id="coaching-gate-title" className="flex items-center gap-2 text-2xl font-bold">
        <LockKeyholeIcon className="size-6 text-primary" aria-hidden />
        Coaching is part of {TIER_LABELS.mastery}
      </h2>
      <p>
        {TIER_LABELS.mastery} members book one-to-one sessions with their coach from here. Compare the plans to see what each one includes.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to="/pricing">See plans and prices</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/account/upgrade">Upgrade options</Link>
        </Button>
      </div>
    </section>
  );
}

/** The one next step (SPEC §6): the first booking, or the next session and a way to book another. */
function NextStep({ overview }: { overview: Overview }) {
  const now = useNow();
  const timeZone = useTimeZone();
  const next = overview.nextSession;
  const first = overview.coaches.length === 0 && next === null;
  return (
    <section
      aria-labelledby="next-step-title"
      className="flex flex-col items-start gap-4 rounded-xl border border-primary/40 bg-card p-6 sm:p-8"
    >
      <h2 id="next-step-title" className="text-2xl font-bold">
        {first ? FIRST_SESSION_STEP : next ? "Your next session" : "Book your next session"}
      </h2>
      {next ? (
        <div className="flex flex-col gap-1">
          <p className="text-lg font-semibold">{next.title}</p>
          <p>
            {whenWithTime(next.startsAt, now, timeZone)} · {formatDuration(next.durationMinutes)} with {next.coachName}
          </p>
        </div>
      ) : first ? (
        <p>Pick a time that suits you. Your coach will meet you there, and the session shows up on your dashboard.</p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {next ? (
          <Button asChild size="lg" variant="outline">
            <Link to="/session/$id" params={{ id: next._id }}>
              Open session
            </Link>
          </Button>
        ) : null}
        <Button asChild size="lg" variant={next ? "outline" : "default"}>
          <a href={DASHBOARD_URLS.bookSession}>
            <CalendarPlusIcon aria-hidden />
            {first ? FIRST_SESSION_STEP : "Book a session"}
          </a>
        </Button>
      </div>
    </section>
  );
}

function CoachingDetails({ overview }: { overview: Overview }) {
  const warning = balanceWarning(overview.remainingMinutes);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section aria-labelledby="coaches-title" className="flex flex-col gap-2 rounded-xl border bg-card p-5">
        <h2 id="coaches-title" className="flex items-center gap-2 font-semibold">
          <UserRoundIcon className="size-5 text-primary" aria-hidden />
          {overview.coaches.length > 1 ? "Your coaches" : "Your coach"}
        </h2>
        {overview.coaches.length === 0 ? (
          <p className="text-muted-foreground">You'll meet your coach at your first session.</p>
        ) : (
          <ul>
            {overview.coaches.map((coach) => (
              <li key={coach._id}>{coach.name}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="minutes-title" className="flex flex-col gap-2 rounded-xl border bg-card p-5">
        <h2 id="minutes-title" className="flex items-center gap-2 font-semibold">
          <ClockIcon className="size-5 text-primary" aria-hidden />
          Time available
        </h2>
        <p className="text-lg">{formatDuration(overview.remainingMinutes)}</p>
        {warning ? (
          <p className="text-sm">
            {warning}{" "}
            <a
              href={DASHBOARD_URLS.topUp}
              className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4"
            >
              Top up
            </a>
          </p>
        ) : null}
      </section>
    </div>
  );
}

function Coaching() {
  const overview = useQuery(api.coaching.overview);
  if (overview === undefined) return <LoadingList label="Loading your coaching" />;
  if (!overview.allowed) return <CoachingGate />;
  return (
    <div className="flex flex-col gap-6">
      <NextStep overview={overview} />
      <CoachingDetails overview={overview} />
    </div>
  );
}

/** /coaching (SPEC §2, Mastery only): the coaching-booking step, the next session and the coach. */
export function CoachingPage() {
  return (
    <section aria-labelledby="coaching-title" className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10 sm:py-12">
      <h1 id="coaching-title" className="text-3xl font-bold">
        {COACHING_TITLE}
      </h1>
      <LoadErrorBoundary
        action={
          <Button asChild variant="outline">
            <Link to="/dashboard">Go to your dashboard</Link>
          </Button>
        }
      >
        <Coaching />
      </LoadErrorBoundary>
    </section>
  );
}
