import type { Id } from "@convex/_generated/dataModel";
import { PASSWORD_VISIBLE_MS } from "@convex/model/intro";
import { INTRO_MESSAGES } from "@convex/model/messages";
import { Link } from "@tanstack/react-router";
import { CheckCircle2Icon, EyeOffIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
import { useTimeZone } from "@/features/auth/viewer";
import { dateTime } from "@/lib/relative-time";

/** SPEC §3 post-booking data. */
export interface PostBooking {
  bookingId: Id<"sessions">;
  userId: Id<"users">;
  password: string;
  isNewUser: boolean;
  dashboardUrl: string;
  email: string;
  name: string;
  /** Whether the automatic sign-in worked; if not, the person signs in with the password. */
  signedIn: boolean;
  /** The booked session as people know it: the ids above stay in links, never on screen. */
  session?: { startsAt: number; durationMinutes: number; coachName: string };
}

/**
 * The post-booking welcome (SPEC §2, §5): the session, the sign-in e-mail and the generated password, shown
 * for the first PASSWORD_VISIBLE_MS only, then hidden for good with a note; a dashboard link and
 * the next step, the onboarding questions.
 */
export function PostBookingWelcome({ booking }: { booking: PostBooking }) {
  const timeZone = useTimeZone();
  const { session } = booking;
  const [visible, setVisible] = useState(true);
  const [secondsLeft, setSecondsLeft] = useState(PASSWORD_VISIBLE_MS / 1000);
  useEffect(() => {
    const started = Date.now();
    const tick = setInterval(() => {
      const left = Math.max(0, Math.ceil((PASSWORD_VISIBLE_MS - (Date.now() - started)) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        setVisible(false);
        clearInterval(tick);
      }
    }, 1000);
    return () => clearInterval(tick);
  }, []);

  const onboarding = { booking_id: booking.bookingId, email: booking.email, name: booking.name };

  return (
    <section aria-labelledby="welcome-title" className="flex flex-col gap-6 rounded-xl border bg-card p-6">
      <div className="flex flex-col gap-2">
        <h2 id="welcome-title" className="flex items-center gap-2 text-2xl font-semibold" tabIndex={-1} ref={(node) => node?.focus()}>
          <CheckCircle2Icon className="size-6 text-primary" aria-hidden />
          Your intro session is booked
        </h2>
        <p className="text-muted-foreground">
          Welcome! We made you an account to see your booking in.{" "}
          {booking.signedIn ? "You're signed in already." : "Sign in with your email and the password below."}
        </p>
      </div>

      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {session ? (
          <>
            <dt className="text-muted-foreground">Session</dt>
            <dd>
              {session.durationMinutes} minutes with {session.coachName}, {dateTime(session.startsAt, timeZone)}
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Email</dt>
        <dd className="break-all">{booking.email}</dd>
      </dl>

      <div className="flex flex-col gap-3 rounded-lg border p-4">
        <h3 className="font-semibold">Your password</h3>
        {visible ? (
          <>
            <p className="text-sm text-muted-foreground">
              Save it now, in a password manager or on paper. For your safety it disappears in {secondsLeft} seconds and we can't show it
              again.
            </p>
            <p className="font-mono text-xl tracking-wide" aria-label={`Password: ${booking.password.split("").join(" ")}`}>
              {booking.password}
            </p>
            <CopyButton failedHint="Please write it down." text={booking.password} />
          </>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm font-medium">
            <EyeOffIcon className="size-4 shrink-0" aria-hidden />
            {INTRO_MESSAGES.PASSWORD_HIDDEN}
          </p>
        )}
      </div>

      <div className="flex flex-col gap-3">
        <p>One more step helps your coach prepare: a few short questions, about two minutes.</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild size="lg">
            <Link to="/loading" search={onboarding}>
              Continue
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <a href={booking.dashboardUrl}>Go to your dashboard</a>
          </Button>
        </div>
      </div>
    </section>
  );
}
