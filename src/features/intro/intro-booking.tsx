import { api } from "@convex/_generated/api";
import { NAME_MAX } from "@convex/model/users";
import type { Id } from "@convex/_generated/dataModel";
import { INTRO_SESSION_MINUTES } from "@convex/model/availability";
import { EMAIL_MAX, introErrors } from "@convex/model/intro";
import { AUTH_MESSAGES } from "@convex/model/messages";
import { Link } from "@tanstack/react-router";
import { useAction, useQuery } from "convex/react";
import { CalendarCheck2Icon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { EmailInput } from "@/components/forms/email-input";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { useFormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadingList } from "@/components/ui/skeleton";
import { LOGIN_ROUTE } from "@/features/auth/redirects";
import { useAuthSession } from "@/features/auth/use-auth";
import { useTimeZone, useViewer } from "@/features/auth/viewer";
import { CoachSelect } from "@/features/booking/coach-select";
import { SlotPicker } from "@/features/booking/slot-picker";
import { dateTime } from "@/lib/relative-time";
import { userErrorOf } from "@/lib/user-error";
import { PostBookingWelcome, type PostBooking } from "./post-booking-welcome";

const FIELD_IDS = { name: "intro-name", email: "intro-email" } as const;

export const INTRO_BOOK_FAILED = "We couldn't book that. Check your connection and try again.";

type Outcome = { kind: "new"; booking: PostBooking } | { kind: "existing"; startsAt: number };

/** Step 2: who is coming. Books, signs a new guest in with the ticket, and hands back what happened. */
function DetailsForm({
  coach,
  startsAt,
  timeZone,
  onBack,
  onDone,
}: {
  coach: { _id: Id<"users">; name: string };
  startsAt: number;
  timeZone: string;
  onBack: () => void;
  onDone: (outcome: Outcome) => void;
}) {
  const viewer = useViewer();
  const auth = useAuthSession();
  const book = useAction(api.intro.book);
  const known = viewer.status === "signed-in" ? viewer.user : null;
  const [name, setName] = useState(known ? `${known.firstName} ${known.lastName}`.trim() : "");
  const [email, setEmail] = useState(known?.email ?? "");
  const [sending, setSending] = useState(false);
  const form = useFormErrors(FIELD_IDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = introErrors({ name, email });
    if (Object.keys(fields).length > 0) {
      form.fail({ message: AUTH_MESSAGES.INVALID_INPUT, fields });
      return;
    }
    form.clear();
    setSending(true);
    try {
      const result = await book({ name: name.trim(), email: email.trim(), coachId: coach._id, startsAt, timezone: timeZone });
      if (result.kind === "existing") {
        onDone({ kind: "existing", startsAt });
        return;
      }
      // The booking stands either way; without the automatic sign-in the password still works.
      const signedIn = await auth.signInWithTicket(result.ticket).then(
        () => true,
        (error: unknown) => {
          console.error("Signing in with the booking ticket failed", error);
          return false;
        },
      );
      onDone({
        kind: "new",
        booking: { ...result, isNewUser: true, email: email.trim().toLowerCase(), name: name.trim(), signedIn },
      });
    } catch (error) {
      setSending(false);
      const data = userErrorOf(error);
      if (!data) console.error("Booking the intro session failed", error);
      form.fail({ message: data?.message ?? INTRO_BOOK_FAILED, fields: data?.fields ?? {} });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-labelledby="intro-details-title">
      <div className="flex flex-col gap-1">
        <h3 id="intro-details-title" className="text-lg font-semibold">
          Your details
        </h3>
        <p className="text-muted-foreground">
          {INTRO_SESSION_MINUTES} minutes with {coach.name}, {dateTime(startsAt, timeZone)}.{" "}
          <button type="button" onClick={onBack} className="underline underline-offset-4">
            Change time
          </button>
        </p>
      </div>
      {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
      <RequiredNote />
      <FormField id={FIELD_IDS.name} label="Name" required error={form.errors?.fields.name}>
        {(control) => <Input {...control} name="name" autoComplete="name" maxLength={NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <FormField
        id={FIELD_IDS.email}
        label="Email address"
        required
        hint="Your booking confirmation goes here. We never share it."
        error={form.errors?.fields.email}
      >
        {(control) => <EmailInput {...control} maxLength={EMAIL_MAX} value={email} onChange={(event) => setEmail(event.target.value)} />}
      </FormField>
      <div>
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? "Booking..." : "Book my free intro"}
        </Button>
      </div>
    </form>
  );
}

/** An e-mail with an account: booked on it; the visitor signs in to see it. Nothing else is revealed. */
function BookedOnExistingAccount({ startsAt, timeZone }: { startsAt: number; timeZone: string }) {
  return (
    <div role="status" className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CalendarCheck2Icon className="size-5 text-primary" aria-hidden />
        Your intro session is booked for {dateTime(startsAt, timeZone)}
      </p>
      <p>
        This email already has an account with us, so the booking is on it. Please sign in to see it; the confirmation is in your inbox.
      </p>
      <Button asChild>
        <Link {...LOGIN_ROUTE} search={{ redirect: "/dashboard/bookings" }}>
          Sign in
        </Link>
      </Button>
    </div>
  );
}

/**
 * The free intro booking (SPEC §2 booking flow): a coach, one of their open times, then name and
 * e-mail. No account needed: one is made, and the visitor lands signed in on the welcome.
 */
export function IntroBooking() {
  const timeZone = useTimeZone();
  const coaches = useQuery(api.intro.coaches);
  const [chosen, setChosen] = useState<Id<"users"> | null>(null);
  const [startsAt, setStartsAt] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (outcome?.kind === "new") return <PostBookingWelcome booking={outcome.booking} />;
  if (outcome?.kind === "existing") return <BookedOnExistingAccount startsAt={outcome.startsAt} timeZone={timeZone} />;
  if (coaches === undefined) return <LoadingList label="Loading coaches" />;
  if (coaches.length === 0) {
    return (
      <p className="rounded-xl border p-5">
        No coach has open times right now.{" "}
        <Link to="/contact" search={{ subject: "consultation" }} className="underline underline-offset-4">
          Send us a message
        </Link>{" "}
        and we'll find a time with you.
      </p>
    );
  }
  const coachId = chosen ?? (coaches.length === 1 ? coaches[0]!._id : null);
  const coach = coaches.find((c) => c._id === coachId) ?? null;

  if (coach && startsAt !== null) {
    return <DetailsForm coach={coach} startsAt={startsAt} timeZone={timeZone} onBack={() => setStartsAt(null)} onDone={setOutcome} />;
  }
  return (
    <div className="flex flex-col gap-6">
      {coaches.length > 1 ? (
        <CoachSelect coaches={coaches} value={coachId} onChange={setChosen} id="intro-coach" />
      ) : (
        <p>Your coach: {coaches[0]!.name}</p>
      )}
      {coach ? <SlotPicker coachId={coach._id} timeZone={timeZone} onPick={setStartsAt} /> : null}
    </div>
  );
}
