import { AlertTriangleIcon } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { Button } from "@/components/ui/button";
import { captureFailure } from "@/lib/error-reporting";
import { MESSAGES } from "@/lib/messages";

/** A quiet line with the code a member can read out to support, to find this failure again. */
export function SupportCode({ reference }: { reference: string | undefined }) {
  if (!reference) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {MESSAGES.supportCode}{" "}
      <code data-testid="support-code" className="select-all font-mono">
        {reference}
      </code>
    </p>
  );
}

/** The app's usual message for a part that failed, with Try Again and the failure's support code. */
export function ComponentErrorFallback({ error, resetErrorBoundary }: FallbackProps) {
  // Safe while rendering: a thrown object is recorded once however often this renders.
  const reference = useMemo(() => captureFailure(error, { source: "component" }).id, [error]);
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-card p-4">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangleIcon className="size-5 text-destructive" aria-hidden />
        {MESSAGES.componentError.title}
      </p>
      <p className="text-sm text-muted-foreground">{MESSAGES.componentError.body}</p>
      <Button variant="outline" onClick={resetErrorBoundary}>
        {MESSAGES.componentError.action}
      </Button>
      <SupportCode reference={reference} />
    </div>
  );
}

/**
 * Contains a failing part of a page so the rest keeps working; Try Again renders it afresh, after
 * `onReset` has put right what made it fail.
 */
export function ComponentErrorBoundary({ children, onReset }: { children: ReactNode; onReset?: () => void }) {
  return (
    <ErrorBoundary FallbackComponent={ComponentErrorFallback} onReset={onReset} onError={(error) => console.error("Component error", error)}>
      {children}
    </ErrorBoundary>
  );
}
