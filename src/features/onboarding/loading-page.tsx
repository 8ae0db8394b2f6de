import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import {
  answerErrors,
  isBlank,
  ONBOARDING_MESSAGES,
  ONBOARDING_TEXTS,
  ONBOARDING_TIMING,
  type AnswerValue,
  type FormField as OnboardingField,
} from "@convex/model/onboarding";
import { Link, useBlocker, useNavigate } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { AlertTriangleIcon, CalendarDaysIcon, CheckCircle2Icon, ClipboardListIcon, LoaderCircleIcon } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { ErrorSummary } from "@/components/forms/error-summary";
import { RequiredNote } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useTimeZone, useViewer } from "@/features/auth/viewer";
import { dateTime } from "@/lib/relative-time";
import { LoadingProgress } from "./loading-progress";
import { controlId, OnboardingFields, type Answers } from "./onboarding-fields";
import { MissingBooking } from "./missing-booking";
import type { LoadingSearch } from "./search";
import { useAfter, useLoadingProgress } from "./use-loading-progress";
import { useOnboardingSubmit, type SubmitArgs } from "./use-onboarding-submit";

/** The Convex http route the offline fallback posts to (convex/http.ts), on the site's own origin. */
export const ONBOARDING_FALLBACK_ACTION = "/onboarding";

type ForBooking = NonNullable<FunctionReturnType<typeof api.onboarding.forBooking>>;

function RenderErrorFallback({ resetErrorBoundary }: FallbackProps) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-card p-6">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <AlertTriangleIcon className="size-5 text-destructive" aria-hidden />
        {ONBOARDING_TEXTS.renderError}
      </h2>
      <p className="text-muted-foreground">{ONBOARDING_TEXTS.renderErrorBody}</p>
      <Button onClick={resetErrorBoundary}>{ONBOARDING_TEXTS.tryAgain}</Button>
    </div>
  );
}

/** Answers as the server takes them: every question of the form, blank ones included. */
function toAnswers(fields: OnboardingField[], values: Answers) {
  return fields.map((field) => ({ name: field.name, value: values[field.name] ?? (field.type === "multiselect" ? [] : "") }));
}

/** Who the page is for, from the link: SPEC §7's booking_id, email and name. */
interface Person {
  bookingId: string;
  email: string;
  name: string;
}

interface FormProps {
  data: ForBooking;
  values: Answers;
  onChange: (name: string, value: AnswerValue) => void;
  submission: ReturnType<typeof useOnboardingSubmit>;
  onCompleteLater: () => void;
  person: Person;
  idPrefix: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** The form sits in the window, whose title already names it. */
  inDialog?: boolean;
}

/** The personalisation form (SPEC §7 field names), used inline and in the window. */
function OnboardingForm({ data, values, onChange, submission, onCompleteLater, person, idPrefix, headingRef, inDialog }: FormProps) {
  const { bookingId, email, name } = person;
  const { form } = data;
  const busy = submission.phase !== "idle";
  const slowSubmit = useAfter(submission.phase === "submitting", ONBOARDING_TIMING.slowSubmitMs);
  const slowRedirect = useAfter(submission.phase === "loading", ONBOARDING_TIMING.slowRedirectMs);
  const fieldErrors = submission.refusal?.fields ?? {};
  const formLevel = fieldErrors.version ?? fieldErrors.form_id;

  function submit(event: FormEvent) {
    event.preventDefault();
    const answers = toAnswers(form.fields, values);
    const errors = answerErrors(form.fields, answers.filter((answer) => !isBlank(answer.value)));
    if (Object.keys(errors).length > 0) {
      submission.showRefusal(errors, ONBOARDING_MESSAGES.INVALID_ONBOARDING);
      return;
    }
    const args: SubmitArgs = { bookingId, action: "submit_onboarding", formId: form.formId, version: form.version, answers };
    submission.send(args);
  }

  if (submission.phase === "loading") {
    return (
      <div role="status" aria-live="polite" className="flex flex-col items-start gap-2 rounded-xl border bg-card p-6">
        <p className="flex items-center gap-2 font-semibold">
          <LoaderCircleIcon className="size-5 animate-spin text-primary motion-reduce:animate-none" aria-hidden />
          {ONBOARDING_TEXTS.redirecting}
        </p>
        {slowRedirect ? <p className="text-sm text-muted-foreground">{ONBOARDING_TEXTS.slowRedirect}</p> : null}
      </div>
    );
  }

  const failureText = submission.exhausted
    ? ONBOARDING_TEXTS.multipleFailures
    : submission.failure === "connection"
      ? ONBOARDING_TEXTS.connectionLost
      : submission.failure === "server"
        ? ONBOARDING_TEXTS.submissionFailed
        : null;

  return (
    <form
      method="post"
      action={ONBOARDING_FALLBACK_ACTION}
      onSubmit={submit}
      noValidate
      aria-labelledby={inDialog ? undefined : `${idPrefix}-title`}
      aria-busy={busy}
      className="flex flex-col gap-5"
    >
      {inDialog ? null : (
        <div className="flex flex-col gap-1">
          <h2 id={`${idPrefix}-title`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            {ONBOARDING_TEXTS.formTitle}
          </h2>
          <p className="text-muted-foreground">{ONBOARDING_TEXTS.formIntro}</p>
        </div>
      )}
      <RequiredNote />
      {submission.refusal ? (
        <ErrorSummary
          key={submission.refusal.key}
          message={formLevel ?? submission.refusal.message}
          items={form.fields.flatMap((field) =>
            fieldErrors[field.name] ? [{ fieldId: controlId(idPrefix, field.name), message: `${field.label}: ${fieldErrors[field.name]}` }] : [],
          )}
        />
      ) : null}
      <input type="hidden" name="booking_id" value={bookingId} />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="name" value={name} />
      <input type="hidden" name="form_id" value={form.formId} />
      <OnboardingFields fields={form.fields} values={values} errors={fieldErrors} onChange={onChange} idPrefix={idPrefix} disabled={busy} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" name="action" value="submit_onboarding" size="lg" disabled={busy || submission.exhausted}>
          {submission.phase === "submitting" ? ONBOARDING_TEXTS.submitting : ONBOARDING_TEXTS.submit}
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={onCompleteLater} disabled={busy}>
          {ONBOARDING_TEXTS.completeLater}
        </Button>
      </div>
      <div aria-live="polite" className="flex flex-col items-start gap-3">
        {submission.phase === "submitting" && slowSubmit ? <p className="text-sm text-muted-foreground">{ONBOARDING_TEXTS.slowSubmit}</p> : null}
        {failureText ? (
          <p role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {failureText}
          </p>
        ) : null}
        {submission.canRetry && submission.phase === "idle" ? (
          <Button type="button" onClick={submission.retry}>
            {ONBOARDING_TEXTS.tryAgain}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function BookingSummary({ booking }: { booking: ForBooking["booking"] }) {
  const timeZone = useTimeZone();
  return (
    <p className="flex items-start gap-2 text-sm">
      <CalendarDaysIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        {booking.title} with {booking.coachName}, {dateTime(booking.startsAt, timeZone)} ({booking.durationMinutes} minutes)
      </span>
    </p>
  );
}

/** Asks before leaving while answers are on their way (in-app links, back, and closing the tab). */
function LeaveWarning({ submitting, isSubmitting }: { submitting: boolean; isSubmitting: () => boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: isSubmitting,
    enableBeforeUnload: submitting,
    withResolver: true,
  });
  return (
    <Dialog open={blocker.status === "blocked"} onOpenChange={(open) => (open ? null : blocker.reset?.())}>
      <DialogContent showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>{ONBOARDING_TEXTS.leaveTitle}</DialogTitle>
          <DialogDescription>{ONBOARDING_TEXTS.leaveBody}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={() => blocker.reset?.()}>{ONBOARDING_TEXTS.stay}</Button>
          <Button variant="outline" onClick={() => blocker.proceed?.()}>
            {ONBOARDING_TEXTS.leave}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Onboarding({ person }: { person: Person }) {
  const { bookingId, email, name } = person;
  const data = useQuery(api.onboarding.forBooking, { bookingId });
  const { progress, message, formRevealed, promptDue } = useLoadingProgress();
  const navigate = useNavigate();
  const [values, setValues] = useState<Answers>({});
  const [inline, setInline] = useState(false);
  const [windowOpen, setWindowOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fallbackRef = useRef<HTMLFormElement>(null);
  const submission = useOnboardingSubmit((responseId: Id<"onboardingResponses">) => {
    void navigate({ to: "/loading-complete", search: { booking_id: bookingId, response_id: responseId } });
  });

  useEffect(() => {
    if (inline) headingRef.current?.focus();
  }, [inline]);

  if (data === null) return <MissingBooking />;

  const answered = data?.response?.action === "submit_onboarding";
  const showInline = Boolean(data) && !answered && (formRevealed || inline) && !windowOpen;
  const showPrompt = Boolean(data) && !answered && promptDue && !showInline && !windowOpen;

  function completeLater() {
    // Offline, the socket cannot carry the mutation; a plain form post may still get through.
    if (submission.failure === "connection" || !navigator.onLine) {
      submission.leaving();
      fallbackRef.current?.submit();
      return;
    }
    if (data) submission.send({ bookingId, action: "complete_later", formId: data.form.formId, version: data.form.version, answers: [] });
  }

  const setAnswer = (field: string, value: AnswerValue) => setValues((current) => ({ ...current, [field]: value }));

  return (
    <div className="flex flex-col gap-8">
      <LeaveWarning submitting={submission.phase === "submitting"} isSubmitting={submission.isSubmitting} />
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">{ONBOARDING_TEXTS.title}</h1>
        <p className="text-lg">{name ? `Thanks, ${name}. Your intro session is booked.` : "Your intro session is booked."}</p>
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          {email ? (
            <>
              <dt className="font-medium">Confirmation sent to</dt>
              <dd className="break-all text-muted-foreground">{email}</dd>
            </>
          ) : null}
        </dl>
        {data ? <BookingSummary booking={data.booking} /> : <Skeleton className="h-5 w-72" />}
      </header>

      <LoadingProgress progress={progress} message={message} />

      {answered ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2Icon className="size-5 text-success" aria-hidden />
            Your answers are saved.
          </p>
          <Button asChild>
            <Link to="/loading-complete" search={{ booking_id: bookingId, response_id: data.response!._id }}>
              Continue
            </Link>
          </Button>
        </div>
      ) : null}

      {showPrompt ? (
        <section aria-labelledby="prompt-title" className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
          <h2 id="prompt-title" className="flex items-center gap-2 text-lg font-semibold">
            <ClipboardListIcon className="size-5 text-primary" aria-hidden />
            {ONBOARDING_TEXTS.promptTitle}
          </h2>
          <p className="text-muted-foreground">{ONBOARDING_TEXTS.promptBody}</p>
          <div className="flex flex-wrap gap-3">
            <Button size="lg" onClick={() => setInline(true)}>
              {ONBOARDING_TEXTS.fillFormNow}
            </Button>
            <Button size="lg" variant="outline" onClick={() => setWindowOpen(true)}>
              {ONBOARDING_TEXTS.openInWindow}
            </Button>
          </div>
        </section>
      ) : null}

      {showInline && data ? (
        <section className="rounded-xl border bg-card p-6">
          <OnboardingForm
            data={data}
            values={values}
            onChange={setAnswer}
            submission={submission}
            onCompleteLater={completeLater}
            person={person}
            idPrefix="onboarding"
            headingRef={headingRef}
          />
        </section>
      ) : null}

      {data ? (
        <Dialog open={windowOpen} onOpenChange={(open) => (submission.phase === "submitting" ? null : setWindowOpen(open))}>
          <DialogContent className="sm:max-w-2xl">
            <DialogHeader>
              <DialogTitle>{ONBOARDING_TEXTS.formTitle}</DialogTitle>
              <DialogDescription>{ONBOARDING_TEXTS.formIntro}</DialogDescription>
            </DialogHeader>
            <OnboardingForm
              data={data}
              values={values}
              onChange={setAnswer}
              submission={submission}
              onCompleteLater={completeLater}
              person={person}
              idPrefix="onboarding-window"
              inDialog
            />
          </DialogContent>
        </Dialog>
      ) : null}

      {/* The offline fallback (SPEC §4): a plain post of action, booking_id, email and name. */}
      <form ref={fallbackRef} method="post" action={ONBOARDING_FALLBACK_ACTION} hidden aria-hidden>
        <input type="hidden" name="action" value="complete_later" />
        <input type="hidden" name="booking_id" value={bookingId} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="name" value={name} />
      </form>
    </div>
  );
}

/** /loading ('Building Your Dashboard'): the post-booking loader and the onboarding form (SPEC §2, §4). */
export function LoadingPage({ search }: { search: LoadingSearch }): ReactNode {
  const viewer = useViewer();
  const email = search.email ?? (viewer.status === "signed-in" ? viewer.user.email : "");
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-12">
      <ErrorBoundary FallbackComponent={RenderErrorFallback} onError={(error) => console.error("Onboarding page error", error)}>
        {search.booking_id ? <Onboarding person={{ bookingId: search.booking_id, email, name: search.name ?? "" }} /> : <MissingBooking />}
      </ErrorBoundary>
    </section>
  );
}
