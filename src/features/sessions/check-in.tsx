import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { CHECK_IN_ANCHOR, CHECK_IN_MAX_CHARS, CHECK_IN_QUESTIONS, CHECK_IN_TEXTS, type CheckInKey } from "@convex/model/agendaRules";
import { useMutation } from "convex/react";
import { CheckIcon, MessageCircleHeartIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { fieldControlClass } from "@/components/ui/input";
import { errorMessage } from "@/lib/user-error";
import { cn } from "@/lib/utils";

/** A pause in typing this long saves the answer; leaving the field saves at once. */
export const CHECK_IN_SAVE_DELAY_MS = 700;

export type CheckInAnswers = Partial<Record<CheckInKey, string>>;

type SaveState = "idle" | "saving" | "saved";

/** One answer: its own text while the member types, saved after a pause or on leaving the field. */
function Answer({ sessionId, question, initial, onState }: { sessionId: Id<"sessions">; question: (typeof CHECK_IN_QUESTIONS)[number]; initial: string; onState: (state: SaveState) => void }) {
  const save = useMutation(api.agenda.saveAnswer);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = `check-in-${question.key}`;

  const flush = (value: string) => {
    clearTimeout(timer.current);
    if (value === saved.current) return;
    onState("saving");
    save({ sessionId, key: question.key, text: value }).then(
      () => {
        saved.current = value;
        setError(null);
        onState("saved");
      },
      (failure: unknown) => {
        setError(errorMessage(failure));
        onState("idle");
      },
    );
  };
  // Whatever was typed last is saved when the page goes.
  const latest = useRef(() => {});
  useEffect(() => {
    latest.current = () => flush(text);
  });
  useEffect(() => () => latest.current(), []);

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium">
        {question.label} <span className="font-normal text-muted-foreground">(optional)</span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {question.hint}
      </p>
      <textarea
        id={id}
        rows={2}
        maxLength={CHECK_IN_MAX_CHARS}
        value={text}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        className={cn(fieldControlClass, "min-h-16 resize-y")}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => flush(value), CHECK_IN_SAVE_DELAY_MS);
        }}
        onBlur={() => flush(text)}
      />
      <InlineError>{error}</InlineError>
    </div>
  );
}

/**
 * The member's check-in before a session (SPEC: under two minutes): three optional questions,
 * each saved as it is typed. Its anchor is where the day-before reminder links.
 */
export function CheckInForm({ sessionId, answers }: { sessionId: Id<"sessions">; answers: CheckInAnswers }) {
  const [state, setState] = useState<SaveState>("idle");
  const section = useRef<HTMLElement>(null);
  // The reminder's link names the check-in, which appears only once the page's data has arrived.
  useEffect(() => {
    if (window.location.hash === CHECK_IN_ANCHOR) section.current?.scrollIntoView?.({ block: "start" });
  }, []);
  return (
    <section ref={section} id={CHECK_IN_ANCHOR.slice(1)} aria-labelledby="check-in-title" className="flex scroll-mt-20 flex-col gap-4 rounded-xl border bg-card p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="check-in-title" className="flex items-center gap-2 text-lg font-semibold">
          <MessageCircleHeartIcon className="size-5 text-primary" aria-hidden />
          {CHECK_IN_TEXTS.title}
        </h2>
        <p role="status" aria-live="polite" className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          {state === "saving" ? "Saving…" : state === "saved" ? (
            <>
              <CheckIcon className="size-4 text-success" aria-hidden />
              Saved
            </>
          ) : null}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">{CHECK_IN_TEXTS.intro}</p>
      {CHECK_IN_QUESTIONS.map((question) => (
        <Answer key={question.key} sessionId={sessionId} question={question} initial={answers[question.key] ?? ""} onState={setState} />
      ))}
    </section>
  );
}

/** The check-in as the coach (or anyone else who may read the session) sees it. */
export function CheckInAnswersView({ answers, memberName }: { answers: CheckInAnswers | null; memberName: string }) {
  const given = CHECK_IN_QUESTIONS.filter((question) => answers?.[question.key]?.trim());
  return (
    <section aria-labelledby="check-in-title" className="flex flex-col gap-3 rounded-xl border bg-card p-5">
      <h2 id="check-in-title" className="flex items-center gap-2 text-lg font-semibold">
        <MessageCircleHeartIcon className="size-5 text-primary" aria-hidden />
        {memberName}'s check-in
      </h2>
      {given.length === 0 ? (
        <p className="text-sm text-muted-foreground">{memberName} hasn't checked in yet.</p>
      ) : (
        <dl className="flex flex-col gap-3">
          {given.map((question) => (
            <div key={question.key}>
              <dt className="text-sm font-medium">{question.label}</dt>
              <dd className="whitespace-pre-wrap break-words text-muted-foreground">{answers![question.key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
