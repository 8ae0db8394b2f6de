import { AlertTriangleIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { Button } from "@/components/ui/button";
import { MESSAGES } from "@/lib/messages";

/** The app's usual message for a part that failed, with Try Again. */
export function ComponentErrorFallback({ resetErrorBoundary }: Pick<FallbackProps, "resetErrorBoundary">) {
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
    </div>
  );
}

/** Contains a failing part of a page so the rest keeps working; Try Again renders it afresh. */
export function ComponentErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={ComponentErrorFallback} onError={(error) => console.error("Component error", error)}>
      {children}
    </ErrorBoundary>
  );
}
