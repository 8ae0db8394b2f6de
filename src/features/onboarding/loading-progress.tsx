import { CheckCircle2Icon } from "lucide-react";
import { Progress } from "@/components/ui/progress";

/**
 * The progress part of the loading screen after booking (SPEC §4): the bar, its percentage and
 * the rotating message, from useLoadingProgress. Shared by /loading and the loading-screen demo.
 */
export function LoadingProgress({ progress, message }: { progress: number; message: string }) {
  const rounded = Math.floor(progress);
  return (
    <section aria-labelledby="progress-label" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="progress-label" className="font-semibold">
          Your dashboard
        </h2>
        <span className="text-sm tabular-nums text-muted-foreground" aria-hidden>
          {rounded}%
        </span>
      </div>
      <Progress value={progress} aria-labelledby="progress-label" aria-valuetext={`${rounded}%`} className="h-3" />
      {/* Announced when the line changes, not at every step of the bar. */}
      <p role="status" aria-live="polite" className="flex items-center gap-2 text-muted-foreground">
        {progress >= 100 ? (
          <>
            <CheckCircle2Icon className="size-4 text-success" aria-hidden />
            Your dashboard is ready.
          </>
        ) : (
          message
        )}
      </p>
    </section>
  );
}
