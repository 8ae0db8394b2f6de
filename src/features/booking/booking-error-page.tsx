import { Link } from "@tanstack/react-router";
import { AlertTriangleIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/user-error";

export const LOADING_ERROR_MESSAGE = "We couldn't load the booking. Please try again.";

export function BookingLoadError({ message = LOADING_ERROR_MESSAGE, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <section aria-labelledby="booking-error-title" className="mx-auto flex w-full max-w-xl flex-col items-start gap-4 p-4 sm:p-6">
      <h1 id="booking-error-title" className="text-2xl font-bold">
        Something went wrong
      </h1>
      <p role="alert" className="flex items-start gap-2">
        <AlertTriangleIcon className="mt-1 size-4 shrink-0 text-destructive" aria-hidden />
        {message}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={onRetry}>Try again</Button>
        <Button asChild variant="outline">
          <Link to="/dashboard/book-session">Book a session</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/contact">Contact us</Link>
        </Button>
      </div>
    </section>
  );
}

/** The booking pages' boundary: a failed query shows its message (or the generic one) with Try again. */
export function BookingErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallbackRender={({ error, resetErrorBoundary }) => (
        <BookingLoadError message={errorMessage(error, LOADING_ERROR_MESSAGE)} onRetry={resetErrorBoundary} />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/** /booking-error: where a failed booking load can send people; Try again goes back. */
export function BookingErrorPage() {
  return <BookingLoadError onRetry={() => window.history.back()} />;
}
