import { api } from "@convex/_generated/api";
import { ONBOARDING_TEXTS, ONBOARDING_TIMING } from "@convex/model/onboarding";
import { Link, useNavigate } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import { CalendarDaysIcon, CheckCircle2Icon, UserRoundIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { dateTime, whenWithTime } from "@/lib/relative-time";
import { useNow } from "@/lib/use-now";
import { MissingBooking } from "./missing-booking";
import type { LoadingCompleteSearch } from "./search";

const SECOND = 1000;

/** Moves on to the dashboard after a short moment, with the seconds shown and a way to stay (WCAG 2.2.1). */
function AutoContinue() {
  const navigate = useNavigate();
  const [startedAt] = useState(() => Date.now());
  const [staying, setStaying] = useState(false);
  const now = useNow(SECOND);
  const left = Math.max(0, Math.ceil((startedAt + ONBOARDING_TIMING.completeContinueMs - now) / SECOND));

  useEffect(() => {
    if (staying) return;
    const timer = setTimeout(() => void navigate({ to: "/dashboard" }), ONBOARDING_TIMING.completeContinueMs);
    return () => clearTimeout(timer);
  }, [staying, navigate]);

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button asChild size="lg">
        <Link to="/dashboard">{ONBOARDING_TEXTS.continueNow}</Link>
      </Button>
      {staying ? null : (
        <>
          <Button variant="outline" size="lg" onClick={() => setStaying(true)}>
            {ONBOARDING_TEXTS.stayHere}
          </Button>
          {/* The seconds are shown, not read aloud each time. */}
          <p className="w-full text-sm text-muted-foreground" aria-live="off">
            Taking you to your dashboard in {left} {left === 1 ? "second" : "seconds"}.
          </p>
        </>
      )}
    </div>
  );
}

function Completion({ bookingId, responseId }: { bookingId: string; responseId: string }) {
  const data = useQuery(api.onboarding.completion, { bookingId, responseId });
  const timeZone = useTimeZone();
  const now = useNow();
  if (data === undefined) return <LoadingList title label="Loading your booking" rows={2} />;
  if (data === null) return <MissingBooking />;
  const { booking, response } = data;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-3 text-3xl font-bold">
          <CheckCircle2Icon className="size-8 text-success" aria-hidden />
          {ONBOARDING_TEXTS.completeTitle}
        </h1>
        <p role="status" className="text-lg">
          {response?.action === "submit_onboarding"
            ? ONBOARDING_TEXTS.completeAnswered
            : response?.action === "complete_later"
              ? ONBOARDING_TEXTS.completeDeferred
              : ONBOARDING_TEXTS.completeBooked}
        </p>
      </header>
      <section aria-labelledby="booked-title" className="flex flex-col gap-3 rounded-xl border bg-card p-6">
        <h2 id="booked-title" className="text-lg font-semibold">
          {booking.title}
        </h2>
        <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="flex items-center gap-1.5 font-medium">
            <CalendarDaysIcon className="size-4 text-muted-foreground" aria-hidden />
            When
          </dt>
          <dd>
            <time dateTime={new Date(booking.startsAt).toISOString()} title={dateTime(booking.startsAt, timeZone)}>
              {whenWithTime(booking.startsAt, now, timeZone)}
            </time>{" "}
            · {booking.durationMinutes} minutes
          </dd>
          <dt className="flex items-center gap-1.5 font-medium">
            <UserRoundIcon className="size-4 text-muted-foreground" aria-hidden />
            Coach
          </dt>
          <dd>{booking.coachName}</dd>
        </dl>
      </section>
      <AutoContinue />
    </div>
  );
}

/** /loading-complete?booking_id&response_id: confirms the onboarding and the booked intro, then on to the dashboard. */
export function LoadingCompletePage({ search }: { search: LoadingCompleteSearch }) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-12">
      {search.booking_id ? <Completion bookingId={search.booking_id} responseId={search.response_id ?? ""} /> : <MissingBooking />}
    </section>
  );
}
