import { LOADING_MESSAGES, ONBOARDING_TEXTS, ONBOARDING_TIMING } from "@convex/model/onboardingTexts";
import { ClipboardListIcon, RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingProgress } from "@/features/onboarding/loading-progress";
import { useLoadingProgress } from "@/features/onboarding/use-loading-progress";
import { PageColumn, PageHeader, PageSection } from "@/features/marketing/page-parts";

/** Made-up visitor: the demo reads no booking. */
const DEMO = { name: "Jordan", email: "jordan.rivera@example.com" };

/** One run of the loading screen, on the real clock (a new key starts it again). */
function LoadingRun() {
  const { progress, message, formRevealed, promptDue } = useLoadingProgress();
  return (
    <div className="flex flex-col gap-6 rounded-xl border bg-card p-6 text-card-foreground">
      <div className="flex flex-col gap-2">
        <p className="text-lg font-semibold">{ONBOARDING_TEXTS.title}</p>
        <p>Thanks, {DEMO.name}. Your intro session is booked.</p>
        <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="font-medium">Confirmation sent to</dt>
          <dd className="break-all text-muted-foreground">{DEMO.email}</dd>
        </dl>
      </div>
      <LoadingProgress progress={progress} message={message} />
      {formRevealed || promptDue ? (
        <p className="flex items-start gap-2 rounded-lg border p-4 text-sm">
          <ClipboardListIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          {formRevealed
            ? "On /loading the onboarding form now appears below the bar."
            : `${ONBOARDING_TEXTS.promptTitle}: on /loading the visitor is now offered to fill the form.`}
        </p>
      ) : null}
    </div>
  );
}

/** /demos/loading-screen: the screen after booking, with its real timings and messages. */
export function LoadingScreenDemo() {
  const [run, setRun] = useState(0);
  return (
    <PageColumn labelledBy="loading-demo-title">
      <PageHeader
        id="loading-demo-title"
        eyebrow="Demo"
        title="Loading screen demo"
        lead="What a visitor sees on /loading while their dashboard is built, with a made-up booking."
      >
        <Button variant="outline" onClick={() => setRun((count) => count + 1)}>
          <RotateCcwIcon aria-hidden />
          Start again
        </Button>
      </PageHeader>
      <div className="mt-8">
        <LoadingRun key={run} />
      </div>
      <PageSection id="loading-demo-timing" title="The timings">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            The bar rises {ONBOARDING_TIMING.progressStep}% every {ONBOARDING_TIMING.progressIntervalMs} ms, up to 100%.
          </li>
          <li>
            A new message every {ONBOARDING_TIMING.messageRotationMs / 1000} s ({LOADING_MESSAGES.length} in all); after the last,
            the form appears.
          </li>
          <li>
            At {ONBOARDING_TIMING.promptAfterMs / 1000} s, if the bar is under {ONBOARDING_TIMING.promptBelowPercent}%, the visitor is
            offered to fill the form now.
          </li>
        </ul>
      </PageSection>
    </PageColumn>
  );
}
