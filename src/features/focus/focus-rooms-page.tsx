import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { FOCUS_GOAL_MAX_CHARS, FOCUS_LATER_MIN_MS, FOCUS_LENGTHS, FOCUS_SCHEDULE_AHEAD_DAYS, FOCUS_TEXTS, type FocusLength } from "@convex/model/focusRules";
import { Link, useNavigate } from "@tanstack/react-router";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { format } from "date-fns";
import { TZDate, tz } from "@date-fns/tz";
import { UsersIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { useNow } from "@/lib/use-now";
import { errorMessage } from "@/lib/user-error";
import { roomWhen } from "./focus-format";

type Listed = FunctionReturnType<typeof api.focus.rooms>["rooms"][number];

const DAY_MS = 24 * 60 * 60_000;
/** datetime-local's format in the member's zone. */
const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

/** A datetime-local value read in the member's zone, as epoch ms (NaN when incomplete). */
function fromLocalInput(value: string, timeZone: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return new TZDate(year, month - 1, day, hour, minute, timeZone).getTime();
}

function StartForm({ timeZone, now }: { timeZone: string; now: number }) {
  const create = useMutation(api.focus.create);
  const navigate = useNavigate();
  const [minutes, setMinutes] = useState<FocusLength>(25);
  const [later, setLater] = useState(false);
  const zone = { in: tz(timeZone) };
  const [startsAt, setStartsAt] = useState(() => format(Math.ceil((now + FOCUS_LATER_MIN_MS + 30 * 60_000) / (15 * 60_000)) * 15 * 60_000, LOCAL_INPUT, zone));
  const [goal, setGoal] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    create({ minutes, goal, ...(later ? { startsAt: fromLocalInput(startsAt, timeZone) } : {}) })
      .then(
        (roomId) => void navigate({ to: "/focus/$roomId", params: { roomId } }),
        (failure: unknown) => setError(errorMessage(failure)),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Card aria-labelledby="focus-start-title">
      <CardHeader>
        <CardTitle id="focus-start-title">Start a room</CardTitle>
        <CardDescription>Others can join until it ends. Up to six people, no camera.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-2 text-sm font-medium">Length</legend>
            {FOCUS_LENGTHS.map((length) => (
              <label key={length} className="flex items-center gap-2">
                <input type="radio" name="focus-length" checked={minutes === length} onChange={() => setMinutes(length)} className="size-4 accent-primary" />
                {length} minutes
              </label>
            ))}
          </fieldset>
          <fieldset className="flex flex-wrap items-center gap-4">
            <legend className="mb-2 text-sm font-medium">When</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="focus-when" checked={!later} onChange={() => setLater(false)} className="size-4 accent-primary" />
              Now
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="focus-when" checked={later} onChange={() => setLater(true)} className="size-4 accent-primary" />
              Later
            </label>
            {later ? (
              <Input
                type="datetime-local"
                aria-label="Start time"
                value={startsAt}
                min={format(now + FOCUS_LATER_MIN_MS, LOCAL_INPUT, zone)}
                max={format(now + FOCUS_SCHEDULE_AHEAD_DAYS * DAY_MS, LOCAL_INPUT, zone)}
                onChange={(event) => setStartsAt(event.target.value)}
                className="w-auto"
              />
            ) : null}
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor="focus-goal">Your goal</Label>
            <Input id="focus-goal" value={goal} maxLength={FOCUS_GOAL_MAX_CHARS} required onChange={(event) => setGoal(event.target.value)} placeholder="One thing, in a few words" />
          </div>
          {error ? <InlineError>{error}</InlineError> : null}
          <Button type="submit" disabled={busy} className="self-start">
            Start room
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RoomItem({ room, capacity, now, timeZone }: { room: Listed; capacity: number; now: number; timeZone: string }) {
  const full = room.seatsTaken >= capacity;
  return (
    <li aria-label={`Room hosted by ${room.hostName}`} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {room.hostName}'s room
          {room.hostIsStaff ? <Badge variant="secondary">Coach</Badge> : null}
          {room.joined ? <Badge>You're in</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">{roomWhen(room, now, timeZone)}</p>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <UsersIcon className="size-4" aria-hidden />
          {room.seatsTaken} of {capacity} seats taken
        </p>
      </div>
      {full && !room.joined ? (
        <span className="text-sm text-muted-foreground">Full</span>
      ) : (
        <Button asChild variant={room.joined ? "default" : "outline"}>
          <Link to="/focus/$roomId" params={{ roomId: room._id }}>
            {room.joined ? "Open room" : "See and join"}
          </Link>
        </Button>
      )}
    </li>
  );
}

function Blocked() {
  const blocked = useQuery(api.focus.blocked, {});
  const unblock = useMutation(api.focus.unblockMember);
  const [error, setError] = useState<string | null>(null);
  if (!blocked || blocked.length === 0) return null;
  const undo = (userId: Id<"users">) => unblock({ userId }).then(() => setError(null), (failure: unknown) => setError(errorMessage(failure)));
  return (
    <section aria-labelledby="focus-blocked-title" className="flex flex-col gap-2">
      <h2 id="focus-blocked-title" className="text-lg font-semibold">
        People you've blocked
      </h2>
      <p className="text-sm text-muted-foreground">You won't share a focus room with them.</p>
      <ul className="flex flex-col gap-2">
        {blocked.map((person) => (
          <li key={person.userId} className="flex items-center justify-between gap-2 rounded-lg border p-3">
            {person.name}
            <Button variant="outline" size="sm" onClick={() => void undo(person.userId)}>
              Unblock {person.name}
            </Button>
          </li>
        ))}
      </ul>
      {error ? <InlineError>{error}</InlineError> : null}
    </section>
  );
}

/** /focus: the member's focus days, a room of their own, and the rooms open to join. */
export function FocusRoomsPage() {
  const data = useQuery(api.focus.rooms, {});
  const timeZone = useTimeZone();
  const now = useNow(15_000);
  return (
    <section aria-labelledby="focus-title" className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-10 sm:py-12">
      <header className="flex flex-col gap-2">
        <h1 id="focus-title" className="text-3xl font-bold">
          {FOCUS_TEXTS.title}
        </h1>
        <p className="max-w-2xl text-muted-foreground">{FOCUS_TEXTS.intro}</p>
        {data ? (
          <p className="font-medium">
            {FOCUS_TEXTS.days(data.streak.days)} {data.streak.days > 0 ? <span className="font-normal text-muted-foreground">({FOCUS_TEXTS.thisWeek(data.streak.thisWeek)})</span> : null}
          </p>
        ) : null}
      </header>
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="focus-open-title" className="flex flex-col gap-3">
          <h2 id="focus-open-title" className="text-xl font-semibold">
            Rooms you can join
          </h2>
          {data === undefined ? (
            <LoadingList label="Loading rooms" rows={3} />
          ) : data.rooms.filter((room) => room.endsAt > now).length === 0 ? (
            <p className="rounded-xl border border-dashed p-6 text-muted-foreground">No rooms are open right now. Start one: others can join you.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.rooms
                .filter((room) => room.endsAt > now)
                .map((room) => (
                  <RoomItem key={room._id} room={room} capacity={data.capacity} now={now} timeZone={timeZone} />
                ))}
            </ul>
          )}
        </section>
        <div className="flex flex-col gap-8">
          <StartForm timeZone={timeZone} now={now} />
          <Blocked />
        </div>
      </div>
    </section>
  );
}
