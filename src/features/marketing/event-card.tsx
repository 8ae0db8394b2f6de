import type { api } from "@convex/_generated/api";
import type { FunctionReturnType } from "convex/server";
import { CalendarDaysIcon, CheckCircle2Icon, ExternalLinkIcon, MapPinIcon, MonitorIcon, UsersIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { eventWhen, needsShowMore, openRegistrationPage, registerForEvent } from "./events";

export type EventItem = FunctionReturnType<typeof api.catalog.events>[number];

type RegisterState = "idle" | "registering" | "registered" | "elsewhere";

/**
 * One event (SPEC §4): not registered → registered; the description expands when long.
 * `register` replaces the call to the backend (the UI patterns demo registers nobody).
 */
export function EventCard({
  event,
  now,
  register: registerFor = registerForEvent,
}: {
  event: EventItem;
  now?: number;
  register?: (eventTitle: string) => Promise<boolean>;
}) {
  const descriptionId = useId();
  const titleId = useId();
  const [expanded, setExpanded] = useState(false);
  const [state, setState] = useState<RegisterState>(event.registered ? "registered" : "idle");
  const [blocked, setBlocked] = useState(false);
  const long = needsShowMore(event.description);
  const when = eventWhen(event.startsAt, event.durationMinutes, now);
  const registered = state === "registered" || event.registered;

  async function register() {
    setState("registering");
    setBlocked(false);
    if (await registerFor(event.title)) {
      setState("registered");
      return;
    }
    // SPEC §7: a failed registration continues on the event's own page, without an error.
    setBlocked(!openRegistrationPage(event.registrationUrl));
    setState("elsewhere");
  }

  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground">
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-2.5 py-0.5 text-sm font-medium text-secondary-foreground">
          {event.isOnline ? <MonitorIcon className="size-4" aria-hidden /> : <UsersIcon className="size-4" aria-hidden />}
          {event.isOnline ? "Online" : "In person"}
        </span>
        <span className="text-sm text-muted-foreground">{when.relative}</span>
      </div>
      <h3 id={titleId} className="text-lg font-semibold">
        {event.title}
      </h3>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex items-start gap-2">
          <dt>
            <CalendarDaysIcon className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">When</span>
          </dt>
          <dd>
            <time dateTime={new Date(event.startsAt).toISOString()}>{when.date}</time>
            <br />
            {when.time}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <MapPinIcon className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
            <span className="sr-only">Where</span>
          </dt>
          <dd>{event.location}</dd>
        </div>
      </dl>
      <div className="flex flex-col items-start gap-1">
        <p id={descriptionId} className={cn("text-muted-foreground", long && !expanded && "line-clamp-2")}>
          {event.description}
        </p>
        {long ? (
          <Button
            variant="link"
            size="sm"
            className="px-0"
            aria-expanded={expanded}
            aria-controls={descriptionId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? "Show less" : "Show more"}
          </Button>
        ) : null}
      </div>
      <div className="mt-auto flex min-h-11 flex-col items-start gap-2">
        {registered ? null : (
          <Button onClick={() => void register()} disabled={state === "registering"}>
            {state === "registering" ? "Registering..." : "Register"}{" "}
            <span className="sr-only">for {event.title}</span>
          </Button>
        )}
        <div role="status" aria-live="polite" className="empty:hidden">
          {registered ? (
            <p className="inline-flex min-h-11 items-center gap-2 font-semibold">
              <CheckCircle2Icon className="size-5 text-success" aria-hidden />
              You're registered
            </p>
          ) : state === "elsewhere" ? (
            <p className="text-sm text-muted-foreground">
              Registration continues on the event's page{blocked ? "" : ", opened in a new tab"}.{" "}
              {blocked ? (
                <a
                  href={event.registrationUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-1 font-medium text-primary underline underline-offset-4"
                >
                  Open the registration page
                  <ExternalLinkIcon className="size-4" aria-hidden />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}
