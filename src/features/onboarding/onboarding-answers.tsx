import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { ONBOARDING_TEXTS } from "@convex/model/onboarding";
import { useQuery } from "convex/react";
import { ClipboardListIcon } from "lucide-react";
import { useTimeZone } from "@/features/auth/viewer";
import { dateTime } from "@/lib/relative-time";

/**
 * The member's onboarding answers on the session page, with the questions of the version they
 * answered. The server shows them to the session's coach, admins and the member only; for anyone
 * else, and for sessions without onboarding, nothing is rendered.
 */
export function OnboardingAnswers({ sessionId }: { sessionId: Id<"sessions"> }) {
  const data = useQuery(api.onboarding.answersForSession, { sessionId });
  const timeZone = useTimeZone();
  if (!data) return null;
  return (
    <section aria-labelledby="onboarding-answers-title" className="flex flex-col gap-3">
      <h2 id="onboarding-answers-title" className="flex items-center gap-2 text-lg font-semibold">
        <ClipboardListIcon className="size-5 text-primary" aria-hidden />
        Onboarding answers
      </h2>
      {data.state === "answered" ? (
        <>
          <p className="text-sm text-muted-foreground">
            Form version {data.version}
            {data.answeredAt ? `, answered ${dateTime(data.answeredAt, timeZone)}` : ""}
          </p>
          {data.answers.length > 0 ? (
            <dl className="flex flex-col gap-3 rounded-xl border bg-card p-5">
              {data.answers.map((answer) => (
                <div key={answer.name} className="flex flex-col gap-0.5">
                  <dt className="text-sm font-medium">{answer.label}</dt>
                  <dd className="whitespace-pre-wrap break-words text-muted-foreground">{answer.text}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">The form was sent without answers to the optional questions.</p>
          )}
        </>
      ) : (
        <p className="rounded-xl border bg-card p-5 text-sm text-muted-foreground">
          {data.state === "completed_later" ? ONBOARDING_TEXTS.completedLater : ONBOARDING_TEXTS.notAnswered}
        </p>
      )}
    </section>
  );
}
