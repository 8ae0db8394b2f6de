import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { useQuery } from "convex/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { LoadingList } from "@/components/ui/skeleton";
import { CoachSelect } from "@/features/booking/coach-select";
import { SlotPicker } from "@/features/booking/slot-picker";
import { dateTime, formatDuration } from "@/lib/relative-time";

export interface ChosenTime {
  coachId: Id<"users">;
  coachName: string;
  startsAt: number;
}

/**
 * SPEC §2: a cart with coaching time first offers to schedule the first session. The time is
 * booked once the payment is confirmed, from the minutes just bought; skipping books nothing.
 */
export function ScheduleDialog({
  open,
  durationMinutes,
  timeZone,
  onSchedule,
  onSkip,
  onDismiss,
}: {
  open: boolean;
  durationMinutes: number;
  timeZone: string;
  onSchedule: (chosen: ChosenTime) => void;
  /** "Skip for now": no session with this order. */
  onSkip: () => void;
  /** Escape or the close button: whatever was decided before stands. */
  onDismiss: () => void;
}) {
  const coaches = useQuery(api.availability.coaches, open ? {} : "skip");
  const [chosenCoach, setChosenCoach] = useState<Id<"users"> | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const coachId = chosenCoach ?? (coaches?.length === 1 ? coaches[0]!._id : null);
  const coach = coaches?.find((c) => c._id === coachId);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onDismiss()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Schedule your first session?</DialogTitle>
          <DialogDescription>
            Pick a time for a {formatDuration(durationMinutes)} session and we book it as soon as your payment is confirmed. Or skip this
            and book whenever suits you from your dashboard.
          </DialogDescription>
        </DialogHeader>
        {coaches === undefined ? (
          <LoadingList label="Loading coaches" rows={2} />
        ) : coaches.length === 0 ? (
          <p>No coaches are taking bookings right now. Skip this step and book from your dashboard later.</p>
        ) : (
          <CoachSelect
            id="schedule-coach"
            coaches={coaches}
            value={coachId}
            onChange={(next) => {
              setChosenCoach(next);
              setPicked(null);
            }}
          />
        )}
        {coach && picked === null ? (
          <SlotPicker coachId={coach._id} durationMinutes={durationMinutes} timeZone={timeZone} onPick={setPicked} />
        ) : null}
        {coach && picked !== null ? (
          <div className="flex flex-col items-start gap-3 rounded-lg border p-4">
            <p>
              <span className="font-medium">{dateTime(picked, timeZone)}</span> with {coach.name}
            </p>
            <Button variant="outline" onClick={() => setPicked(null)}>
              Choose another time
            </Button>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onSkip}>
            Skip for now
          </Button>
          <Button
            disabled={!coach || picked === null}
            onClick={() => coach && picked !== null && onSchedule({ coachId: coach._id, coachName: coach.name, startsAt: picked })}
          >
            Schedule and continue
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
