import { api } from "@convex/_generated/api";
import { minutesOfDay, SLOT_GRID_MINUTES } from "@convex/model/availability";
import { BOOKING_MESSAGES } from "@convex/model/messages";
import { isValidTimezone } from "@convex/model/users";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { CheckCircle2Icon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingList } from "@/components/ui/skeleton";

import { errorMessage } from "@/lib/user-error";
import { useTimeZone } from "@/features/auth/viewer";

type Saved = FunctionReturnType<typeof api.availability.mine>;
interface Window {
  start: string;
  end: string;
}
interface WeeklyRow extends Window {
  weekday: number;
}
interface ExceptionRow {
  date: string;
  dayOff: boolean;
  windows: Window[];
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const DAY_MINUTES = 24 * 60;
/** Every time on the grid, "00:00" to "24:00" (the end of the day). */
const GRID_TIMES = Array.from({ length: DAY_MINUTES / SLOT_GRID_MINUTES + 1 }, (_, index) => {
  const minutes = index * SLOT_GRID_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
});
const DEFAULT_WINDOW: Window = { start: "09:00", end: "17:00" };

const select =
  "min-h-11 rounded-md border border-input bg-background px-3 text-base outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

export const TIMEZONE_ERROR = "Enter a time zone such as Europe/Berlin or America/New_York.";
const DATE_ERROR = "Each exception needs its own date.";

/** What is wrong with the form, or null: the server checks the same rules (checkAvailability). */
export function availabilityProblem(timezone: string, weekly: WeeklyRow[], exceptions: ExceptionRow[]): string | null {
  if (!isValidTimezone(timezone.trim())) return TIMEZONE_ERROR;
  const windows = [...weekly, ...exceptions.flatMap((e) => (e.dayOff ? [] : e.windows))];
  if (windows.some((w) => (minutesOfDay(w.start) ?? 0) >= (minutesOfDay(w.end) ?? 0))) return BOOKING_MESSAGES.INVALID_AVAILABILITY;
  const dates = exceptions.map((e) => e.date);
  if (dates.some((date) => !date) || new Set(dates).size !== dates.length) return DATE_ERROR;
  return null;
}

function TimeSelect({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <select aria-label={label} className={select} value={value} onChange={(event) => onChange(event.target.value)}>
      {GRID_TIMES.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </select>
  );
}

function WindowRow({
  label,
  window,
  onChange,
  onRemove,
}: {
  label: string;
  window: Window;
  onChange: (w: Window) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <TimeSelect label={`${label} start`} value={window.start} onChange={(start) => onChange({ ...window, start })} />
      <span aria-hidden>to</span>
      <TimeSelect label={`${label} end`} value={window.end} onChange={(end) => onChange({ ...window, end })} />
      <Button variant="ghost" size="sm" onClick={onRemove}>
        <Trash2Icon aria-hidden />
        <span className="sr-only">Remove {label}</span>
      </Button>
    </div>
  );
}

const replaceAt = <T,>(list: T[], index: number, item: T) => list.map((old, i) => (i === index ? item : old));
const removeAt = <T,>(list: T[], index: number) => list.filter((_, i) => i !== index);

function Editor({ saved, fallbackZone }: { saved: Saved; fallbackZone: string }) {
  const save = useMutation(api.availability.save);
  const [timezone, setTimezone] = useState(saved?.timezone ?? fallbackZone);
  const [weekly, setWeekly] = useState<WeeklyRow[]>(saved?.weekly ?? []);
  const [exceptions, setExceptions] = useState<ExceptionRow[]>(
    (saved?.exceptions ?? []).map((e) => ({ date: e.date, dayOff: e.windows.length === 0, windows: e.windows })),
  );
  const [state, setState] = useState<{ status: "idle" | "saving" | "saved" } | { status: "error"; message: string }>({ status: "idle" });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = availabilityProblem(timezone, weekly, exceptions);
    if (problem) return setState({ status: "error", message: problem });
    setState({ status: "saving" });
    try {
      await save({
        timezone: timezone.trim(),
        weekly,
        exceptions: exceptions.map((e) => ({ date: e.date, windows: e.dayOff ? [] : e.windows })),
      });
      setState({ status: "saved" });
    } catch (caught) {
      setState({ status: "error", message: errorMessage(caught) });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-6" noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="availability-timezone">Time zone</Label>
        <Input
          id="availability-timezone"
          value={timezone}
          onChange={(event) => setTimezone(event.target.value)}
          aria-invalid={state.status === "error" && state.message === TIMEZONE_ERROR}
          className="sm:w-72"
        />
      </div>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Weekly hours</legend>
        {WEEKDAYS.map((name, weekday) => (
          <div key={name} className="flex flex-col gap-2">
            <span className="text-sm font-medium">{name}</span>
            {weekly.map((row, index) =>
              row.weekday === weekday ? (
                <WindowRow
                  key={index}
                  label={`${name} hours`}
                  window={row}
                  onChange={(window) => setWeekly(replaceAt(weekly, index, { ...window, weekday }))}
                  onRemove={() => setWeekly(removeAt(weekly, index))}
                />
              ) : null,
            )}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => setWeekly([...weekly, { weekday, ...DEFAULT_WINDOW }])}
            >
              <PlusIcon aria-hidden />
              Add hours <span className="sr-only">on {name}</span>
            </Button>
          </div>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Exceptions</legend>
        {exceptions.map((exception, index) => (
          <div key={index} className="flex flex-col gap-2 rounded-xl border p-3">
            <div className="flex flex-wrap items-end gap-3">
              <div className="flex flex-col gap-1">
                <Label htmlFor={`exception-date-${index}`}>Date</Label>
                <Input
                  id={`exception-date-${index}`}
                  type="date"
                  value={exception.date}
                  onChange={(event) => setExceptions(replaceAt(exceptions, index, { ...exception, date: event.target.value }))}
                />
              </div>
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={exception.dayOff}
                  onChange={(event) => setExceptions(replaceAt(exceptions, index, { ...exception, dayOff: event.target.checked }))}
                />
                Day off
              </label>
              <Button type="button" variant="ghost" size="sm" onClick={() => setExceptions(removeAt(exceptions, index))}>
                <Trash2Icon aria-hidden />
                Remove exception
              </Button>
            </div>
            {exception.dayOff
              ? null
              : exception.windows.map((window, w) => (
                  <WindowRow
                    key={w}
                    label={`Exception ${exception.date || index + 1} hours`}
                    window={window}
                    onChange={(next) =>
                      setExceptions(replaceAt(exceptions, index, { ...exception, windows: replaceAt(exception.windows, w, next) }))
                    }
                    onRemove={() => setExceptions(replaceAt(exceptions, index, { ...exception, windows: removeAt(exception.windows, w) }))}
                  />
                ))}
            {exception.dayOff ? null : (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="self-start"
                onClick={() =>
                  setExceptions(replaceAt(exceptions, index, { ...exception, windows: [...exception.windows, DEFAULT_WINDOW] }))
                }
              >
                <PlusIcon aria-hidden />
                Add hours
              </Button>
            )}
          </div>
        ))}
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() => setExceptions([...exceptions, { date: "", dayOff: true, windows: [] }])}
        >
          <PlusIcon aria-hidden />
          Add an exception
        </Button>
      </fieldset>
      <InlineError>{state.status === "error" ? state.message : null}</InlineError>
      {state.status === "saved" ? (
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-success">
          <CheckCircle2Icon className="size-4" aria-hidden />
          Your availability is saved.
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={state.status === "saving"}>
        {state.status === "saving" ? "Saving..." : "Save availability"}
      </Button>
    </form>
  );
}

/** A coach's weekly hours, exceptions and time zone (api.availability.mine / save). */
export function AvailabilityEditor() {
  const saved = useQuery(api.availability.mine);
  const fallbackZone = useTimeZone();
  return (
    <section aria-labelledby="availability-title" className="flex flex-col gap-4">
      <h2 id="availability-title" className="text-xl font-semibold">
        Availability
      </h2>
      {saved === undefined ? (
        <LoadingList label="Loading your availability" rows={2} />
      ) : (
        <Editor saved={saved} fallbackZone={fallbackZone} />
      )}
    </section>
  );
}
