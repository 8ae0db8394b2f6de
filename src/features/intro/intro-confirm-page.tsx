import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { INTRO_MESSAGES } from "@convex/model/messages";
import { REACTIVATE_PATH } from "@convex/model/reactivation";
import { Link, useLocation } from "@tanstack/react-router";
import { useAction, useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { CalendarClockIcon, ClockIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { LOGIN_ROUTE } from "@/features/auth/redirects";
import { useAuthSession } from "@/features/auth/use-auth";
import { useTimeZone, useViewer } from "@/features/auth/viewer";
import { dateTime } from "@/lib/relative-time";
import { userErrorOf } from "@/lib/user-error";
import { BookedOnOwnAccount } from "./intro-booking";
import { INTRO_TEXTS } from "./intro-texts";
import { PostBookingWelcome, type PostBooking } from "./post-booking-welcome";

type Pending = Extract<FunctionReturnType<typeof api.intro.link>, { state: "pending" }>;
type Done = { kind: "new"; booking: PostBooking } | { kind: "existing"; booking: { bookingId: Id<"sessions">; startsAt: number; email: string; name: string } };

/** A note with the next thing to do: calm, one action. */
function Notice({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-xl border bg-card p-6">
      <p role="status" className="flex items-start gap-2">
        <ClockIcon className="mt-1 size-4 shrink-0 text-warning-foreground" aria-hidden />
        {message}
      </p>
      {children}
    </div>
  );
}

function BookAgain() {
  return (
    <Button asChild>
      <Link to="/free-intro-session">Book a free intro</Link>
    </Button>
  );
}

/** Sign in, then back to this very link. */
function SignInHere() {
  const location = useLocation();
  return (
    <Button asChild>
      <Link {...LOGIN_ROUTE} search={{ redirect: location.href }}>
        Sign in
      </Link>
    </Button>
  );
}

/**
 * /booking/confirm?token=…: the e-mailed link that finishes an intro booking. For a new address
 * one press makes the account, signs the visitor in and shows the post-booking welcome (SPEC §2,
 * §4); for an address with an account its owner signs in first and the time is booked on it.
 * Nothing happens on arrival: mail scanners open links too, and the password is shown only once.
 */
export function IntroConfirmPage({ token }: { token?: string }) {
  const link = useQuery(api.intro.link, token ? { token } : "skip");
  const [done, setDone] = useState<Done | null>(null);
  const timeZone = useTimeZone();

  if (done?.kind === "new") return <PostBookingWelcome booking={done.booking} />;
  if (done?.kind === "existing") return <BookedOnOwnAccount booking={done.booking} timeZone={timeZone} />;
  if (!token)
    return (
      <Notice message={INTRO_MESSAGES.INTRO_LINK_INVALID}>
        <BookAgain />
      </Notice>
    );
  if (link === undefined) return <LoadingList label={INTRO_TEXTS.checking} rows={1} />;
  if (link.state !== "pending")
    return <Notice message={link.message}>{link.state === "confirmed" ? <SignInHere /> : <BookAgain />}</Notice>;
  return <PendingLink link={link} token={token} timeZone={timeZone} onDone={setDone} />;
}

function PendingLink({ link, token, timeZone, onDone }: { link: Pending; token: string; timeZone: string; onDone: (done: Done) => void }) {
  const auth = useAuthSession();
  const viewer = useViewer();
  const confirmNew = useAction(api.intro.confirm);
  const confirmExisting = useMutation(api.intro.confirmExisting);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ code?: string; message: string } | null>(null);

  async function confirm() {
    setSending(true);
    setError(null);
    try {
      if (link.account === "none") {
        const result = await confirmNew({ token });
        // The booking stands either way; without the automatic sign-in the password still works.
        const signedIn = await auth.signInWithTicket(result.ticket).then(
          () => true,
          (failure: unknown) => {
            console.error("Signing in with the booking ticket failed", failure);
            return false;
          },
        );
        onDone({
          kind: "new",
          booking: { ...result, isNewUser: true, signedIn, session: { startsAt: link.startsAt, durationMinutes: link.durationMinutes, coachName: link.coachName } },
        });
      } else {
        const { bookingId } = await confirmExisting({ token });
        const name = viewer.status === "signed-in" ? `${viewer.user.firstName} ${viewer.user.lastName}`.trim() : "";
        onDone({ kind: "existing", booking: { bookingId, startsAt: link.startsAt, email: link.email, name } });
      }
    } catch (caught) {
      const data = userErrorOf(caught);
      if (!data) console.error("Confirming the intro booking failed", caught);
      setError({ code: data?.code, message: data?.message ?? INTRO_TEXTS.confirmFailed });
      setSending(false);
    }
  }

  const summary = (
    <div className="flex flex-col gap-2">
      <h2 className="flex items-center gap-2 text-2xl font-semibold">
        <CalendarClockIcon className="size-6 text-primary" aria-hidden />
        {INTRO_TEXTS.confirmTitle}
      </h2>
      <p>
        {link.durationMinutes} minutes with {link.coachName}, {dateTime(link.startsAt, timeZone)}.
      </p>
      <p className="text-sm text-muted-foreground">
        For <span className="break-all">{link.email}</span>. We're holding this time until {dateTime(link.expiresAt, timeZone)}.
      </p>
    </div>
  );

  let action: ReactNode;
  if (link.account === "paused")
    action = (
      <Notice message={INTRO_MESSAGES.INTRO_ACCOUNT_DEACTIVATED}>
        <Button asChild>
          <Link to={REACTIVATE_PATH}>Reactivate my account</Link>
        </Button>
      </Notice>
    );
  else if (link.account === "active" && !link.viewerIsOwner)
    action =
      viewer.status === "signed-in" ? (
        <Notice message={INTRO_MESSAGES.INTRO_LINK_OTHER_ACCOUNT} />
      ) : (
        <Notice message={INTRO_TEXTS.signInToConfirm}>
          <SignInHere />
        </Notice>
      );
  else if (error?.code === "INTRO_EMAIL_HAS_ACCOUNT")
    action = (
      <Notice message={error.message}>
        <SignInHere />
      </Notice>
    );
  else
    action = (
      <div className="flex flex-col items-start gap-3">
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error.message}
          </p>
        ) : null}
        <Button size="lg" disabled={sending} onClick={() => void confirm()}>
          {sending ? INTRO_TEXTS.confirming : INTRO_TEXTS.confirm}
        </Button>
      </div>
    );

  return (
    <section aria-label={INTRO_TEXTS.confirmTitle} className="flex flex-col gap-6 rounded-xl border bg-card p-6">
      {summary}
      {action}
    </section>
  );
}
