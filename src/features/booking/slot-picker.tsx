import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { tz } from "@date-fns/tz";
import { useQuery } from "convex/react";
import { addDays, format } from "date-fns";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { groupByDay, zonedDays } from "./shared";

const WEEK_DAYS = 7;

/**
 * A week of a coach's open start times, grouped by day in the member's zone, from the start of
 * today; Previous/Next move a week at a time. Each time is one 44 px button. Without
 * `durationMinutes` it offers the free intro session's slots, which visitors can read.
 */
export function SlotPicker({
  coachId,
  durationMinutes,
  timeZone,
  onPick,
}: {
  coachId: Id<"users">;
  durationMinutes?: number;
  timeZone: string;
  onPick: (startsAt: number) => void;
}) {
  const [today] = useState(() => Date.now());
  const [week, setWeek] = useState(0);
  const days = zonedDays(addDays(today, week * WEEK_DAYS, { in: tz(timeZone) }).getTime(), WEEK_DAYS, timeZone);
  const from = days[0]!.getTime();
  const to = addDays(days[WEEK_DAYS - 1]!, 1).getTime();
  const memberSlots = useQuery(api.availability.slots, durationMinutes === undefined ? "skip" : { coachId, from, to, durationMinutes });
  const introSlots = useQuery(api.intro.slots, durationMinutes === undefined ? { coachId, from, to } : "skip");
  const slots = durationMinutes === undefined ? introSlots : memberSlots;
  const groups = slots ? groupByDay(slots, (slot) => slot, days, timeZone).filter((group) => group.items.length > 0) : [];
  const range = `${format(days[0]!, "MMM d")} – ${format(days[WEEK_DAYS - 1]!, "MMM d, yyyy")}`;

  return (
    <section aria-labelledby="slot-week" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="slot-week" className="text-lg font-semibold">
          {range}
        </h2>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => setWeek(week - 1)} disabled={week === 0}>
            <ChevronLeftIcon aria-hidden />
            Previous week
          </Button>
          <Button variant="outline" onClick={() => setWeek(week + 1)}>
            Next week
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">Times are shown in your time zone ({timeZone}).</p>
      {slots === undefined ? (
        <LoadingList label="Loading open times" />
      ) : groups.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border p-5">
          <p>No open times this week.</p>
          <Button onClick={() => setWeek(week + 1)}>Next week</Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-4">
          {groups.map((group) => (
            <li key={group.key} aria-labelledby={`day-${group.key}`} className="flex flex-col gap-2">
              <h3 id={`day-${group.key}`} className="font-medium">
                {format(group.day, "EEEE, MMM d")}
              </h3>
              <ul className="flex flex-wrap gap-2">
                {group.items.map((slot) => (
                  <li key={slot}>
                    <Button variant="outline" className="min-w-24" onClick={() => onPick(slot)}>
                      {format(slot, "h:mm a", { in: tz(timeZone) })}
                    </Button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
