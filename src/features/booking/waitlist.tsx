import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { TZDate } from "@date-fns/tz";
import { OFFER_HOLD_MINUTES } from "@convex/model/waitlistRules";
import { useMutation, useQuery } from "convex/react";
import { format } from "date-fns";
import { BellRingIcon, ClockIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { clockTime, dateTime } from "@/lib/relative-time";
import { errorMessage } from "@/lib/user-error";
import type { SessionView } from "./shared";

const WEEKDAYS = [
  { day: 1, label: "Mon" },
  { day: 2, label: "Tue" },
  { day: 3, label: "Wed" },
  { day: 4, label: "Thu" },
  { day: 5, label: "Fri" },
  { day: 6, label: "Sat" },
  { day: 0, label: "Sun" },
] as const;

const localDay = (ms: number, timeZone: string) => format(new TZDate(ms, timeZone), "yyyy-MM-dd");
/** A window's day ("2026-03-05") as a reader says it: "Thu, Mar 5". */
const dayLabel = (day: string) => format(new TZDate(`${day}T12:00:00Z`, "UTC"), "EEE, MMM d");

/** An earlier time held for this booking: take it or keep the booked one, in one click each. */
export function OfferBanner({ sessionId, timeZone }: { sessionId: Id<"sessions">; timeZone: string }) {
  const offers = useQuery(api.waitlist.myOffers, {});
  const claim = useMutation(api.waitlist.claim);
  const decline = useMutation(api.waitlist.decline);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offer = offers?.find((candidate) => candidate.sessionId === sessionId);
  if (!offer) return null;

  async function act(run: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="offer-title" className="flex flex-col gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4">
      <h2 id="offer-title" className="flex items-center gap-2 text-lg font-semibold">
        <BellRingIcon className="size-5" aria-hidden />
        An earlier time is free
      </h2>
      <p>
        {dateTime(offer.startsAt, timeZone)} is held for you until {clockTime(offer.expiresAt, offer.expiresAt, timeZone)}. Your booking stays as it
        is unless you take it.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void act(() => claim({ offerId: offer._id }))} disabled={busy}>
          Take the earlier time
        </Button>
        <Button variant="outline" onClick={() => void act(() => decline({ offerId: offer._id }))} disabled={busy}>
          Keep my time
        </Button>
      </div>
      <InlineError>{error}</InlineError>
    </section>
  );
}

/**
 * "Hear about an earlier time" on a booking: the window the member would take (days, times of
 * day, weekdays, in their zone), or where they stand on the waitlist and a way off it.
 */
export function WaitlistSection({ session, timeZone, now }: { session: SessionView; timeZone: string; now: number }) {
  const place = useQuery(api.waitlist.forBooking, { sessionId: session._id });
  const join = useMutation(api.waitlist.join);
  const leave = useMutation(api.waitlist.leave);
  const [fromDay, setFromDay] = useState(() => localDay(now, timeZone));
  const [toDay, setToDay] = useState(() => localDay(Math.max(now, session.startsAt - 24 * 60 * 60 * 1000), timeZone));
  const [fromTime, setFromTime] = useState("09:00");
  const [toTime, setToTime] = useState("17:00");
  const [weekdays, setWeekdays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await join({ sessionId: session._id, window: { fromDay, toDay, fromTime, toTime, weekdays } });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    setBusy(true);
    setError(null);
    try {
      await leave({ sessionId: session._id });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  if (place === undefined) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <ClockIcon className="size-5" aria-hidden />
        Hear about an earlier time
      </h2>
      {place ? (
        <>
          <p>
            You're on the list. If a time from {dayLabel(place.window.fromDay)} to {dayLabel(place.window.toDay)}, between {place.window.fromTime} and{" "}
            {place.window.toTime}, opens up, we'll hold it for you for {OFFER_HOLD_MINUTES} minutes and tell you here and by e-mail.
          </p>
          <div>
            <Button variant="outline" onClick={() => void stop()} disabled={busy}>
              Stop waiting
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">
            If another member cancels, we can offer you their time. Nothing changes unless you take it.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-from-day`}>From day</Label>
              <Input id={`${id}-from-day`} type="date" value={fromDay} onChange={(event) => setFromDay(event.target.value)} required />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-to-day`}>To day</Label>
              <Input id={`${id}-to-day`} type="date" value={toDay} onChange={(event) => setToDay(event.target.value)} required />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-from-time`}>Not before</Label>
              <Input id={`${id}-from-time`} type="time" step={1800} value={fromTime} onChange={(event) => setFromTime(event.target.value)} required />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-to-time`}>Ending by</Label>
              <Input id={`${id}-to-time`} type="time" step={1800} value={toTime} onChange={(event) => setToTime(event.target.value)} required />
            </div>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium">On these days</legend>
            <div className="flex flex-wrap gap-3">
              {WEEKDAYS.map(({ day, label }) => (
                <label key={day} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={weekdays.includes(day)}
                    onChange={(event) => setWeekdays((current) => (event.target.checked ? [...current, day] : current.filter((d) => d !== day)))}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <Button type="submit" disabled={busy}>
              Tell me about earlier times
            </Button>
          </div>
        </form>
      )}
      <InlineError>{error}</InlineError>
    </section>
  );
}

/** The coach's view of who waits for an earlier time, first to join first: names and windows, nothing more. */
export function CoachWaitlist({ timeZone, now }: { timeZone: string; now: number }) {
  const waiting = useQuery(api.waitlist.waiting, {});
  return (
    <section aria-labelledby="coach-waitlist-title" className="flex flex-col gap-3">
      <h2 id="coach-waitlist-title" className="text-xl font-semibold">
        Waiting for an earlier time
      </h2>
      {waiting === undefined ? (
        <div aria-busy="true" className="h-16 animate-pulse rounded-md bg-muted motion-reduce:animate-none">
          <span className="sr-only" role="status">
            Loading who is waiting
          </span>
        </div>
      ) : waiting.length === 0 ? (
        <p className="text-muted-foreground">Nobody is waiting. When a member asks to hear about an earlier time, they show here.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {waiting.map((entry) => (
            <li key={entry.requestId} className="flex flex-col rounded-lg border p-3">
              <span className="font-medium">
                {entry.memberName}
                {entry.offered ? " · a time is held for them now" : ""}
              </span>
              <span className="text-sm text-muted-foreground">
                Booked for {clockTime(entry.bookedFor, now, timeZone)}; would take {dayLabel(entry.window.fromDay)} to {dayLabel(entry.window.toDay)},{" "}
                {entry.window.fromTime}–{entry.window.toTime} ({entry.timezone})
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
