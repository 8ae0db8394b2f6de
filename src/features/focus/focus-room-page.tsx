import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { FOCUS_GOAL_MAX_CHARS, FOCUS_OUTCOMES, FOCUS_REPORT_DETAILS_MAX_CHARS, FOCUS_REPORT_REASONS, FOCUS_TEXTS, type FocusOutcome, type FocusReportReason } from "@convex/model/focusRules";
import { Link } from "@tanstack/react-router";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { EllipsisVerticalIcon, SparklesIcon, TimerIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { fieldControlClass, Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { LoadErrorBoundary } from "@/features/sessions/page-states";
import { errorMessage } from "@/lib/user-error";
import { cn } from "@/lib/utils";
import { FOCUS_URL, roomWhen } from "./focus-format";
import { clockText, useFocusPresence, useServerNow } from "./use-focus-presence";

type RoomData = FunctionReturnType<typeof api.focus.room>;
type Participant = RoomData["participants"][number];

/** The one shared countdown: to the start while the room waits, then to its end. */
function Countdown({ room, now }: { room: RoomData["room"]; now: number }) {
  const upcoming = now < room.startsAt;
  const left = upcoming ? room.startsAt - now : room.endsAt - now;
  return (
    <div className="flex flex-col items-center gap-1 py-4 text-center">
      <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <TimerIcon className="size-4" aria-hidden />
        {upcoming ? "Starts in" : "Focus time left"}
      </p>
      {/* Read on demand, not announced every second. */}
      <p role="timer" aria-live="off" aria-label={upcoming ? "Time until the start" : "Time left"} className="font-mono text-5xl font-semibold tabular-nums sm:text-6xl">
        {clockText(left)}
      </p>
    </div>
  );
}

function JoinForm({ roomId, seatsLeft, again }: { roomId: Id<"focusRooms">; seatsLeft: number; again: boolean }) {
  const join = useMutation(api.focus.join);
  const [goal, setGoal] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (seatsLeft === 0) return <p className="text-muted-foreground">This room is full. Choose another room or start your own.</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    join({ roomId, goal }).then(
      () => setError(null),
      (failure: unknown) => setError(errorMessage(failure)),
    ).finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-2">
        <Label htmlFor="focus-join-goal">Your goal for this room</Label>
        <Input id="focus-join-goal" value={goal} maxLength={FOCUS_GOAL_MAX_CHARS} required onChange={(event) => setGoal(event.target.value)} placeholder="One thing, in a few words" />
        {error ? <InlineError>{error}</InlineError> : null}
      </div>
      <Button type="submit" disabled={busy}>
        {again ? "Rejoin room" : "Join room"}
      </Button>
    </form>
  );
}

type Action = { kind: "report" | "block" | "remove"; participant: { userId: Id<"users">; name: string } };

function ActionDialog({ roomId, action, onClose }: { roomId: Id<"focusRooms">; action: Action; onClose: () => void }) {
  const report = useMutation(api.focus.report);
  const block = useMutation(api.focus.blockParticipant);
  const remove = useMutation(api.focus.remove);
  const [reason, setReason] = useState<FocusReportReason>("disruptive");
  const [details, setDetails] = useState("");
  const [alsoBlock, setAlsoBlock] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { name, userId } = action.participant;
  const titles = { report: `Report ${name}`, block: `Block ${name}?`, remove: `Remove ${name}?` };
  const descriptions = {
    report: "An admin will look at what you send. They aren't told who reported them.",
    block: "You won't share a focus room again. They aren't told, and you can unblock them later from Focus rooms.",
    remove: "They leave this room now and can't come back to it.",
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done =
      action.kind === "report"
        ? report({ roomId, userId, reason, details: details.trim() || undefined, alsoBlock })
        : action.kind === "block"
          ? block({ roomId, userId })
          : remove({ roomId, userId });
    done.then(onClose, (failure: unknown) => setError(errorMessage(failure))).finally(() => setBusy(false));
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{titles[action.kind]}</DialogTitle>
            <DialogDescription>{descriptions[action.kind]}</DialogDescription>
          </DialogHeader>
          {action.kind === "report" ? (
            <>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">What happened?</legend>
                {FOCUS_REPORT_REASONS.map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input type="radio" name="focus-report-reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="size-4 accent-primary" />
                    {FOCUS_TEXTS.reasons[value]}
                  </label>
                ))}
              </fieldset>
              <div className="flex flex-col gap-2">
                <Label htmlFor="focus-report-details">Anything to add (optional)</Label>
                <textarea
                  id="focus-report-details"
                  value={details}
                  maxLength={FOCUS_REPORT_DETAILS_MAX_CHARS}
                  rows={3}
                  onChange={(event) => setDetails(event.target.value)}
                  className={cn(fieldControlClass, "min-h-20 py-2")}
                />
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={alsoBlock} onChange={(event) => setAlsoBlock(event.target.checked)} className="size-4 accent-primary" />
                Also block {name}
              </label>
            </>
          ) : null}
          {error ? <InlineError>{error}</InlineError> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {action.kind === "report" ? "Send report" : action.kind === "block" ? "Block" : "Remove"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ParticipantRow({ participant, mine, canRemove, onAction }: { participant: Participant; mine: boolean; canRemove: boolean; onAction: (action: Action) => void }) {
  const who = { userId: participant.userId, name: participant.name };
  return (
    <li aria-label={participant.name} className="flex items-start gap-3 rounded-lg border p-3">
      <span
        aria-hidden
        className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", participant.online ? "bg-success" : "border border-muted-foreground/60 bg-transparent")}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {participant.name}
          {participant.isYou ? <span className="text-sm font-normal text-muted-foreground">(you)</span> : null}
          {participant.isHost ? <Badge variant="secondary">Host</Badge> : null}
          <span className="text-sm font-normal text-muted-foreground">{participant.online ? "Here" : "Away"}</span>
        </p>
        <p className="break-words text-sm">{participant.goal}</p>
      </div>
      {!participant.isYou && mine ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`More for ${participant.name}`}>
              <EllipsisVerticalIcon aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => onAction({ kind: "report", participant: who })}>Report…</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction({ kind: "block", participant: who })}>Block…</DropdownMenuItem>
            {canRemove ? <DropdownMenuItem onSelect={() => onAction({ kind: "remove", participant: who })}>Remove from room…</DropdownMenuItem> : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </li>
  );
}

/** How it went: one click, in calm words, and the count of focus days (which never goes down). */
function CheckIn({ roomId, outcome }: { roomId: Id<"focusRooms">; outcome?: FocusOutcome }) {
  const checkIn = useMutation(api.focus.checkInOutcome);
  const [answered, setAnswered] = useState<{ outcome: FocusOutcome; days: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = answered?.outcome ?? outcome;
  const answer = (value: FocusOutcome) =>
    checkIn({ roomId, outcome: value }).then(
      (streak) => {
        setError(null);
        setAnswered({ outcome: value, days: streak.days });
      },
      (failure: unknown) => setError(errorMessage(failure)),
    );
  return (
    <Card aria-labelledby="focus-check-in-title">
      <CardHeader>
        <CardTitle id="focus-check-in-title">How did it go?</CardTitle>
        <CardDescription>However it went, you showed up.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div role="group" aria-label="How did it go?" className="flex flex-wrap gap-2">
          {FOCUS_OUTCOMES.map((value) => (
            <Button key={value} type="button" variant={chosen === value ? "default" : "outline"} aria-pressed={chosen === value} onClick={() => void answer(value)}>
              {FOCUS_TEXTS.outcomes[value]}
            </Button>
          ))}
        </div>
        {error ? <InlineError>{error}</InlineError> : null}
        {answered ? (
          <p role="status" className="flex items-start gap-2">
            <SparklesIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
            <span>
              {FOCUS_TEXTS.outcomeThanks[answered.outcome]} {FOCUS_TEXTS.days(answered.days)}
            </span>
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Room({ roomId }: { roomId: Id<"focusRooms"> }) {
  const data = useQuery(api.focus.room, { roomId });
  const leave = useMutation(api.focus.leave);
  const [action, setAction] = useState<Action | null>(null);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const inRoom = data?.me?.active === true && !data.room.ended;
  const offsetMs = useFocusPresence(roomId, inRoom);
  const now = useServerNow(offsetMs);
  const timeZone = useTimeZone();
  if (data === undefined) return <LoadingList label="Loading the room" rows={3} />;
  const { room, participants, me } = data;
  const ended = room.ended || now >= room.endsAt;
  const heading = (
    <header className="flex flex-col gap-1">
      <h1 className="text-3xl font-bold">Focus room</h1>
      <p className="text-muted-foreground">
        {roomWhen(room, now, timeZone)} · hosted by {room.hostName}
        {room.hostIsStaff ? " (LWCC coach)" : ""}
      </p>
    </header>
  );
  return (
    <div className="flex flex-col gap-6">
      {heading}
      {ended ? (
        <p role="status" className="rounded-xl border bg-card p-4 font-medium">
          This room has ended.
        </p>
      ) : (
        <Card aria-label="Countdown">
          <CardContent>
            <Countdown room={room} now={now} />
          </CardContent>
        </Card>
      )}
      {me && (ended || !me.active) ? <CheckIn roomId={roomId} outcome={me.outcome} /> : null}
      {!ended && (!me || !me.active) ? (
        <section aria-labelledby="focus-join-title" className="flex flex-col gap-3">
          <h2 id="focus-join-title" className="text-xl font-semibold">
            {me ? "You left this room" : "Join this room"}
          </h2>
          <JoinForm roomId={roomId} seatsLeft={data.seatsLeft} again={me !== null} />
        </section>
      ) : null}
      {inRoom ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p>
            <span className="text-muted-foreground">Your goal: </span>
            <span className="font-medium">{me?.goal}</span>
          </p>
          <Button variant="outline" onClick={() => void leave({ roomId }).catch((failure: unknown) => setLeaveError(errorMessage(failure)))}>
            Leave room
          </Button>
          {leaveError ? <InlineError>{leaveError}</InlineError> : null}
        </div>
      ) : null}
      <section aria-labelledby="focus-people-title" className="flex flex-col gap-3">
        <h2 id="focus-people-title" className="text-xl font-semibold">
          In this room ({participants.length} of {participants.length + data.seatsLeft})
        </h2>
        {participants.length === 0 ? (
          <p className="text-muted-foreground">Nobody is here right now.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {participants.map((participant) => (
              <ParticipantRow key={participant.userId} participant={participant} mine={me !== null} canRemove={data.canRemove && !ended} onAction={setAction} />
            ))}
          </ul>
        )}
        {data.former.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">People who left</summary>
            <ul className="mt-2 flex flex-col gap-1">
              {data.former.map((person) => (
                <li key={person.userId} className="flex items-center justify-between gap-2">
                  {person.name}
                  <Button variant="link" size="sm" onClick={() => setAction({ kind: "report", participant: person })}>
                    Report {person.name}
                  </Button>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>
      {action ? <ActionDialog roomId={roomId} action={action} onClose={() => setAction(null)} /> : null}
    </div>
  );
}

/** /focus/{id}: the room's shared countdown, who is there with their goals, and the check-in at the end. */
export function FocusRoomPage({ roomId }: { roomId: Id<"focusRooms"> }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-10 sm:py-12">
      <Link to={FOCUS_URL} className="text-sm text-primary underline-offset-4 hover:underline">
        ← All focus rooms
      </Link>
      <LoadErrorBoundary
        key={roomId}
        action={
          <Button asChild variant="outline">
            <Link to={FOCUS_URL}>See the focus rooms</Link>
          </Button>
        }
      >
        <Room roomId={roomId} />
      </LoadErrorBoundary>
    </section>
  );
}
