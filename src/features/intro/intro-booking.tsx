import { api } from "@convex/_generated/api";
import { NAME_MAX } from "@convex/model/users";
import type { Id } from "@convex/_generated/dataModel";
import { INTRO_SESSION_MINUTES } from "@convex/model/availability";
import { EMAIL_MAX, INTRO_EMAIL_SUBJECT, introErrors, introHoldUntil } from "@convex/model/intro";
import { AUTH_MESSAGES } from "@convex/model/messages";
import { Link } from "@tanstack/react-router";
import { useMutation, useQuery } from "convex/react";
import { CalendarCheck2Icon, MailIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { EmailInput } from "@/components/forms/email-input";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { useFormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone, useViewer } from "@/features/auth/viewer";
import { CoachSelect } from "@/features/booking/coach-select";
import { SlotPicker } from "@/features/booking/slot-picker";
import { dateTime } from "@/lib/relative-time";
import { userErrorOf } from "@/lib/user-error";
import { INTRO_TEXTS } from "./intro-texts";

const FIELD_IDS = { name: "intro-name", email: "intro-email" } as const;

export const INTRO_BOOK_FAILED = "We couldn't book that. Check your connection and try again.";

type Outcome =
  | { kind: "check_email"; email: string; startsAt: number; coachName: string; requestedAt: number }
  | { kind: "booked"; bookingId: Id<"sessions">; startsAt: number; email: string; name: string };

/** Step 2: who is coming. Asks for the intro and hands back what to show next. */
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
  const book = useMutation(api.intro.book);
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
      const typed = { name: name.trim(), email: email.trim().toLowerCase() };
      const result = await book({ ...typed, coachId: coach._id, startsAt, timezone: timeZone });
      onDone(
        result.kind === "booked"
          ? { kind: "booked", bookingId: result.bookingId, startsAt, ...typed }
          : { kind: "check_email", email: typed.email, startsAt, coachName: coach.name, requestedAt: Date.now() },
      );
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
        hint="We send a link here to finish booking. We never share it."
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

/**
 * After asking, for every address alike: the e-mail is on its way, what it says to do, and by
 * when. The screen knows nothing about the address, so it tells nothing.
 */
function CheckYourEmail({ outcome, timeZone, onStartOver }: { outcome: Extract<Outcome, { kind: "check_email" }>; timeZone: string; onStartOver: () => void }) {
  const until = introHoldUntil(outcome.requestedAt, outcome.startsAt);
  return (
    <section aria-labelledby="check-email-title" className="flex flex-col gap-5 rounded-xl border bg-card p-6">
      <h2 id="check-email-title" className="flex items-center gap-2 text-2xl font-semibold" tabIndex={-1} ref={(node) => node?.focus()}>
        <MailIcon className="size-6 text-primary" aria-hidden />
        {INTRO_TEXTS.checkEmailTitle}
      </h2>
      <p role="status">
        We sent a message to <strong className="break-all">{outcome.email}</strong> with the subject “{INTRO_EMAIL_SUBJECT}”.
      </p>
      <p>
        Open the link in it by {dateTime(until, timeZone)} to finish booking your {INTRO_SESSION_MINUTES}-minute intro with {outcome.coachName},{" "}
        {dateTime(outcome.startsAt, timeZone)}. We're holding that time for you until then.
      </p>
      <div className="flex flex-col gap-2">
        <h3 className="font-semibold">{INTRO_TEXTS.nextStepsTitle}</h3>
        <ol className="flex list-decimal flex-col gap-1 pl-6">
          {INTRO_TEXTS.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      <div className="flex flex-col items-start gap-2 text-sm text-muted-foreground">
        <p>{INTRO_TEXTS.noEmail}</p>
        <Button type="button" variant="outline" onClick={onStartOver}>
          {INTRO_TEXTS.bookAgain}
        </Button>
      </div>
    </section>
  );
}

/** A signed-in member who booked with their own address: booked at once, on to the questions for the coach. */
export function BookedOnOwnAccount({ booking, timeZone }: { booking: { bookingId: Id<"sessions">; startsAt: number; email: string; name: string }; timeZone: string }) {
  return (
    <section aria-labelledby="intro-booked-title" className="flex flex-col items-start gap-4 rounded-xl border bg-card p-6">
      <h2 id="intro-booked-title" className="flex items-center gap-2 text-2xl font-semibold" tabIndex={-1} ref={(node) => node?.focus()}>
        <CalendarCheck2Icon className="size-6 text-primary" aria-hidden />
        {INTRO_TEXTS.bookedTitle}
      </h2>
      <p role="status">
        {dateTime(booking.startsAt, timeZone)}. {INTRO_TEXTS.bookedBody}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild size="lg">
          <Link to="/loading" search={{ booking_id: booking.bookingId, email: booking.email, name: booking.name }}>
            Continue
          </Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/dashboard/bookings">See your bookings</Link>
        </Button>
      </div>
    </section>
  );
}

/**
 * The free intro booking (SPEC §2 booking flow): a coach, one of their open times, then name and
 * e-mail. No account needed: the booking is finished from a link e-mailed to the address
 * (/booking/confirm), which makes the account and shows the welcome.
 */
export function IntroBooking() {
  const timeZone = useTimeZone();
  const coaches = useQuery(api.intro.coaches);
  const [chosen, setChosen] = useState<Id<"users"> | null>(null);
  const [startsAt, setStartsAt] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (outcome?.kind === "check_email")
    return (
      <CheckYourEmail
        outcome={outcome}
        timeZone={timeZone}
        onStartOver={() => {
          setOutcome(null);
          setStartsAt(null);
        }}
      />
    );
  if (outcome?.kind === "booked") return <BookedOnOwnAccount booking={outcome} timeZone={timeZone} />;
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
