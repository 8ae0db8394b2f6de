import { Link, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { AlertTriangleIcon } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { MESSAGES } from "@/lib/messages";

/** The failed route page of SPEC §8 (title 'Error', noindex, set by the route head). */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();

  useEffect(() => {
    console.error("Route error", error);
  }, [error]);

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
    </section>
  );
}
