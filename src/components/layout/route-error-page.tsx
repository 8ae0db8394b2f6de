import { Link, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { AlertTriangleIcon } from "lucide-react";
import { useEffect, useMemo } from "react";
import { LinkedText } from "@/components/linked-text";
import { Button } from "@/components/ui/button";
import { captureFailure } from "@/lib/error-reporting";
import { MESSAGES } from "@/lib/messages";
import { AUTH_MESSAGES } from "@convex/model/authMessages";
import { SupportCode } from "./error-boundary";

/**
 * An account deactivated while its page was open: the page's data is refused from then on. The
 * app signs the person out (CurrentViewerProvider); meanwhile this says why, and the way back.
 */
function DeactivatedWhileOpen() {
  return (
    <section aria-labelledby="route-error-title" className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-20">
      <AlertTriangleIcon className="size-8 text-warning-foreground" aria-hidden />
      <h1 id="route-error-title" className="text-3xl font-bold">
        Your account is paused
      </h1>
      <p className="text-lg text-muted-foreground">
        <LinkedText text={AUTH_MESSAGES.ACCOUNT_DEACTIVATED} />
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/account/reactivate">Reactivate my account</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact" search={{ subject: "support" }}>
            Contact support
          </Link>
        </Button>
      </div>
    </section>
  );
}

/** The failed route page of SPEC §8 (title 'Error', noindex, set by the route head). */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  // A ConvexError read by its shape: this page is in the first bundle, Convex's value library is not.
  const deactivated = (error as { data?: { code?: unknown } } | null)?.data?.code === "ACCOUNT_DEACTIVATED";

  // Safe while rendering: a thrown object is recorded once however often this renders.
  const reference = useMemo(() => (deactivated ? undefined : captureFailure(error, { source: "route" }).id), [error, deactivated]);

  useEffect(() => {
    if (!deactivated) console.error("Route error", error);
  }, [error, deactivated]);

  if (deactivated) return <DeactivatedWhileOpen />;

  return (
    <section aria-labelledby="route-error-title" className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-20">
      <AlertTriangleIcon className="size-8 text-destructive" aria-hidden />
      <h1 id="route-error-title" className="text-3xl font-bold">
        {MESSAGES.routeError.title}
      </h1>
      <p className="text-lg text-muted-foreground">{MESSAGES.routeError.body}</p>
      <div className="flex flex-wrap gap-3">
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
      <SupportCode reference={reference} />
    </section>
  );
}
