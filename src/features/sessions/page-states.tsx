import { SearchXIcon } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { ComponentErrorFallback } from "@/components/layout/error-boundary";
import { dateTime, relativeTime, timeAgo } from "@/lib/relative-time";
import { errorMessage, userErrorOf } from "@/lib/user-error";
import { cn } from "@/lib/utils";

/** Where people go when a page's item is missing: their own list of sessions. */
export const BOOKINGS_URL = "/dashboard/bookings";

/** Codes a page shows as "not here for you" rather than as a fault. */
const MISSING_CODES = new Set(["SESSION_NOT_FOUND", "RECORDING_NOT_FOUND", "TRANSCRIPT_NOT_FOUND", "NOT_FOUND", "FORBIDDEN", "FOCUS_ROOM_NOT_FOUND", "FOCUS_ROOM_UNAVAILABLE"]);

/**
 * "5 minutes ago · Jul 8, 2025, 3:00 PM" in the member's zone (UX.md: relative and absolute together).
 * `past` marks something that has already happened (a post, a notification), never read as the future.
 */
export function When({ ms, now, timeZone, className, past = false }: { ms: number; now: number; timeZone: string; className?: string; past?: boolean }) {
  return (
    <time dateTime={new Date(ms).toISOString()} className={cn("text-sm text-muted-foreground", className)}>
      {(past ? timeAgo : relativeTime)(ms, now)} · {dateTime(ms, timeZone)}
    </time>
  );
}

/** Calm, not alarming: the item is not there (or not this person's), and the one step that helps. */
export function NotFound({ message, action }: { message: string; action: ReactNode }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
      <p className="flex items-center gap-2 font-semibold">
        <SearchXIcon className="size-5 text-primary" aria-hidden />
        {message}
      </p>
      {action}
    </div>
  );
}

function missingCode(error: unknown): boolean {
  const code = userErrorOf(error)?.code;
  return code !== undefined && MISSING_CODES.has(code);
}

function LoadFallback({ error, resetErrorBoundary, action }: FallbackProps & { action: ReactNode }) {
  if (missingCode(error)) return <NotFound message={errorMessage(error)} action={action} />;
  return <ComponentErrorFallback error={error} resetErrorBoundary={resetErrorBoundary} />;
}

/** A missing or forbidden item shows NotFound with `action`; any other failure the app's usual message. */
export function LoadErrorBoundary({ action, children }: { action: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary
      fallbackRender={(props) => <LoadFallback {...props} action={action} />}
      onError={(error) => {
        if (!missingCode(error)) console.error("Page error", error);
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
