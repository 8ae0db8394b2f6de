import { api } from "@convex/_generated/api";
import { Link } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import { ComponentErrorBoundary } from "@/components/layout/error-boundary";
import { CardSkeletons, EmptyState, textLinkClass } from "@/features/catalog/states";
import { EventCard } from "./event-card";

const GRID = "grid gap-6 md:grid-cols-2";

function EventList() {
  const events = useQuery(api.catalog.events, {});
  if (events === undefined) return <CardSkeletons label="Loading events" count={2} className={GRID} />;
  if (events.length === 0) {
    return (
      <EmptyState title="No events planned right now">
        <p className="text-muted-foreground">New dates go out in the newsletter first.</p>
        <Link to="/" hash="newsletter" className={textLinkClass}>
          Join the newsletter
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className={GRID}>
      {events.map((event) => (
        <EventCard key={event._id} event={event} />
      ))}
    </ul>
  );
}

/** Upcoming events, soonest first, each with its own Register button. */
export function EventsSection() {
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title" className="text-2xl font-bold">
        Upcoming events
      </h2>
      <p className="mt-2 text-muted-foreground">Live Q&amp;As, workshops and quiet co-working. Times are shown in your own time zone.</p>
      <div className="mt-6">
        <ComponentErrorBoundary>
          <EventList />
        </ComponentErrorBoundary>
      </div>
    </section>
  );
}
