import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { Link } from "@tanstack/react-router";
import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { LoadingList } from "@/components/ui/skeleton";
import { useViewer, useTimeZone } from "@/features/auth/viewer";
import { dateTime, formatDuration, whenWithTime } from "@/lib/relative-time";
import { CANCEL_FREE_HOURS, isFreeWindow } from "@convex/model/bookingPolicy";
import { CANCEL_POLICY_TEXT, type SessionView, StatusBadge } from "./shared";
import { errorMessage } from "@/lib/user-error";
import { AddToCalendar } from "./add-to-calendar";
import { SlotPicker } from "./slot-picker";
import { OfferBanner, WaitlistSection } from "./waitlist";

/**
 * What cancelling now means (the rule is cancelPolicy in convex/model/bookings.ts). Whether the
 * member used this month's grace is not known here, so a late cancel names both outcomes.
 */
function cancelOutcome(session: SessionView, now: number, byMember: boolean): string {
  if (!byMember) return `${session.memberName}'s ${session.debitedMinutes} minutes go back to their balance.`;
  if (isFreeWindow(session.startsAt, now))
    return `It starts more than ${CANCEL_FREE_HOURS} hours from now, so your ${session.debitedMinutes} minutes come back to your balance.`;
  return `It starts within ${CANCEL_FREE_HOURS} hours. If you haven't used this month's one free late change, your minutes come back; otherwise they are not refunded.`;
}

function CancelDialog({ session, now, byMember, onClose }: { session: SessionView; now: number; byMember: boolean; onClose: () => void }) {
  const cancel = useMutation(api.bookings.cancel);
  const [reason, setReason] = useState("");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ refundedMinutes: number; graceCancel: boolean } | null>(null);

  async function confirm() {
    setSaving(true);
    setError(null);
    try {
      setResult(await cancel({ sessionId: session._id, ...(reason.trim() ? { reason: reason.trim() } : {}) }));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{result ? "Session cancelled" : "Cancel this session?"}</DialogTitle>
          <DialogDescription>{result ? "Your coach has been told." : cancelOutcome(session, now, byMember)}</DialogDescription>
        </DialogHeader>
        {result ? (
          <p role="status">
            {result.refundedMinutes > 0
              ? `${result.refundedMinutes} minutes are back in your balance${result.graceCancel ? " (this month's free late change)" : ""}.`
              : "No minutes were refunded."}
          </p>
        ) : (
          <div className="flex flex-col gap-2">
            <Label htmlFor="cancel-reason">Reason (optional)</Label>
            <textarea
              id="cancel-reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              className="rounded-md border border-input bg-background p-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
            />
          </div>
        )}
        <InlineError>{error}</InlineError>
        <DialogFooter>
          {result ? (
            <Button onClick={onClose}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={onClose}>
                Keep the session
              </Button>
              <Button variant="destructive" onClick={() => void confirm()} disabled={saving}>
                {saving ? "Cancelling..." : "Cancel session"}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function RescheduleDialog({ session, timeZone, onClose }: { session: SessionView; timeZone: string; onClose: () => void }) {
  const reschedule = useMutation(api.bookings.reschedule);
  const [picked, setPicked] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm(startsAt: number) {
    setSaving(true);
    setError(null);
    try {
      await reschedule({ sessionId: session._id, startsAt });
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setSaving(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Move this session</DialogTitle>
          <DialogDescription>{CANCEL_POLICY_TEXT}</DialogDescription>
        </DialogHeader>
        {picked === null ? (
          <SlotPicker coachId={session.coachId} durationMinutes={session.durationMinutes} timeZone={timeZone} onPick={setPicked} />
        ) : (
          <p>Move it to {dateTime(picked, timeZone)}?</p>
        )}
        <InlineError>{error}</InlineError>
        {picked !== null ? (
          <DialogFooter>
            <Button variant="outline" onClick={() => setPicked(null)}>
              Choose another time
            </Button>
            <Button onClick={() => void confirm(picked)} disabled={saving}>
              {saving ? "Moving..." : "Move the session"}
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** /dashboard/bookings/$id: one booking, with Join, Cancel and Reschedule while it can still change. */
export function BookingDetailPage({ id }: { id: string }) {
  const viewer = useViewer();
  const timeZone = useTimeZone();
  const session = useQuery(api.bookings.get, { sessionId: id as Id<"sessions"> });
  const [now] = useState(() => Date.now());
  const [dialog, setDialog] = useState<"cancel" | "reschedule" | null>(null);

  if (session === undefined)
    return (
      <div className="mx-auto w-full max-w-3xl p-4 sm:p-6">
        <LoadingList label="Loading the booking" rows={2} />
      </div>
    );
  const changeable = session.status === "scheduled" && session.startedAt === undefined && session.startsAt > now;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4 sm:p-6">
      <Link
        to="/dashboard/bookings"
        className="inline-flex min-h-11 items-center self-start text-sm text-primary underline underline-offset-4"
      >
        All bookings
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{session.title}</h1>
        <StatusBadge status={session.status} />
      </div>
      <OfferBanner sessionId={session._id} timeZone={timeZone} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-muted-foreground">Coach</dt>
        <dd>{session.coachName}</dd>
        <dt className="text-muted-foreground">When</dt>
        <dd>
          <time dateTime={new Date(session.startsAt).toISOString()}>{whenWithTime(session.startsAt, now, timeZone)}</time>
        </dd>
        <dt className="text-muted-foreground">Length</dt>
        <dd>{formatDuration(session.durationMinutes)}</dd>
        {session.cancelReason ? (
          <>
            <dt className="text-muted-foreground">Reason</dt>
            <dd>{session.cancelReason}</dd>
          </>
        ) : null}
      </dl>
      {session.description ? <p className="whitespace-pre-wrap">{session.description}</p> : null}
      {session.status === "scheduled" ? (
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/session/$id" params={{ id: session._id }}>
              Join session
            </Link>
          </Button>
          {changeable ? (
            <>
              <Button variant="outline" onClick={() => setDialog("reschedule")}>
                Reschedule
              </Button>
              <Button variant="ghost" onClick={() => setDialog("cancel")}>
                Cancel session
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      {session.status === "scheduled" && session.endsAt > now ? <AddToCalendar session={session} /> : null}
      {changeable && viewer.status === "signed-in" && viewer.user._id === session.memberId ? <WaitlistSection session={session} timeZone={timeZone} now={now} /> : null}
      {dialog === "cancel" ? (
        <CancelDialog
          session={session}
          now={now}
          byMember={viewer.status === "signed-in" && viewer.user._id === session.memberId}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === "reschedule" ? <RescheduleDialog session={session} timeZone={timeZone} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
