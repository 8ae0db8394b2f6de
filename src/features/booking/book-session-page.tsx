import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { allowedDurations, DEFAULT_SESSION_MINUTES, defaultDuration } from "@convex/model/availability";
import { TIME_BALANCE_MESSAGES } from "@convex/model/messages";
import { useMutation, useQuery } from "convex/react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { LoadingList } from "@/components/ui/skeleton";
import { useViewer, useTimeZone } from "@/features/auth/viewer";
import { DASHBOARD_URLS } from "@/features/dashboard/dashboard-urls";
import { dateTime, formatDuration } from "@/lib/relative-time";
import { CANCEL_POLICY_TEXT } from "./shared";
import { errorMessage, userErrorOf } from "@/lib/user-error";
import { CoachSelect, selectClass } from "./coach-select";
import { SlotPicker } from "./slot-picker";

function ConfirmDialog({
  coach,
  startsAt,
  durationMinutes,
  timeZone,
  onClose,
}: {
  coach: { _id: Id<"users">; name: string };
  startsAt: number;
  durationMinutes: number;
  timeZone: string;
  onClose: () => void;
}) {
  const balance = useQuery(api.timeBalance.mine);
  const book = useMutation(api.bookings.book);
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ code?: string; message: string } | null>(null);

  async function confirm() {
    setSaving(true);
    setError(null);
    try {
      const id = await book({ coachId: coach._id, startsAt, durationMinutes });
      await navigate({ to: "/dashboard/bookings/$id", params: { id } });
    } catch (caught) {
      setError({ code: userErrorOf(caught)?.code, message: errorMessage(caught) });
      setSaving(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm your session</DialogTitle>
          <DialogDescription>Check the details, then book.</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Coach</dt>
          <dd>{coach.name}</dd>
          <dt className="text-muted-foreground">When</dt>
          <dd>{dateTime(startsAt, timeZone)}</dd>
          <dt className="text-muted-foreground">Length</dt>
          <dd>{formatDuration(durationMinutes)}</dd>
        </dl>
        <p className="text-sm">
          {balance === undefined
            ? `This uses ${durationMinutes} minutes of your balance.`
            : `This uses ${durationMinutes} minutes of your balance; you have ${balance.remainingMinutes}.`}
        </p>
        <p className="text-sm text-muted-foreground">{CANCEL_POLICY_TEXT}</p>
        {error ? (
          <InlineError>
            {error.message}{" "}
            {error.code === "INSUFFICIENT_MINUTES" ? (
              <a href={DASHBOARD_URLS.topUp} className="underline underline-offset-4">
                Top up
              </a>
            ) : null}
          </InlineError>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Choose another time
          </Button>
          <Button onClick={() => void confirm()} disabled={saving}>
            {saving ? "Booking..." : "Book this session"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** /dashboard/book-session: coach, length, a week of open times, then a confirm dialog. */
export function BookSessionPage() {
  const viewer = useViewer();
  const timeZone = useTimeZone();
  const coaches = useQuery(api.availability.coaches);
  const balance = useQuery(api.timeBalance.mine);
  const durations = viewer.status === "signed-in" ? allowedDurations(viewer.user) : [DEFAULT_SESSION_MINUTES];
  const [chosenCoach, setChosenCoach] = useState<Id<"users"> | null>(null);
  const [duration, setDuration] = useState(viewer.status === "signed-in" ? defaultDuration(viewer.user) : DEFAULT_SESSION_MINUTES);
  const [picked, setPicked] = useState<number | null>(null);
  const coachId = chosenCoach ?? (coaches?.length === 1 ? coaches[0]!._id : null);
  const coach = coaches?.find((c) => c._id === coachId);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Book a session</h1>
      {coaches === undefined ? (
        <LoadingList label="Loading coaches" rows={2} />
      ) : coaches.length === 0 ? (
        <p>No coaches are taking bookings right now. Please check back soon.</p>
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row">
          <CoachSelect coaches={coaches} value={coachId} onChange={setChosenCoach} />
          <div className="flex flex-col gap-2">
            <Label htmlFor="duration">Length</Label>
            <select id="duration" className={selectClass} value={duration} onChange={(event) => setDuration(Number(event.target.value))}>
              {durations.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {formatDuration(minutes)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {balance && balance.remainingMinutes <= 0 ? (
        <div role="status" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/60 p-4">
          <p>{TIME_BALANCE_MESSAGES.EMPTY}</p>
          <Button asChild variant="outline">
            <a href={DASHBOARD_URLS.topUp}>Top up</a>
          </Button>
        </div>
      ) : null}
      {coach ? <SlotPicker coachId={coach._id} durationMinutes={duration} timeZone={timeZone} onPick={setPicked} /> : null}
      {coach && picked !== null ? (
        <ConfirmDialog coach={coach} startsAt={picked} durationMinutes={duration} timeZone={timeZone} onClose={() => setPicked(null)} />
      ) : null}
    </div>
  );
}
