import { api } from "@convex/_generated/api";
import { ERROR_MESSAGES } from "@convex/model/messages";
import { hourLabel, validQuietHours } from "@convex/model/nudgeRules";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { useId, useState, type FormEvent } from "react";
import { fieldControlClass } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/user-error";
import { SaveFooter, type SaveState } from "./save-footer";

type Settings = FunctionReturnType<typeof api.nudges.settings>;

const SAVE_FAILED = "We couldn't save your nudge choices. Please try again.";
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function HourSelect({ label, value, onChange }: { label: string; value: number; onChange: (hour: number) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={fieldControlClass} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {hourLabel(hour)}
          </option>
        ))}
      </select>
    </div>
  );
}

function NudgeForm({ initial }: { initial: Settings }) {
  const save = useMutation(api.nudges.save);
  const [values, setValues] = useState(initial);
  const [state, setState] = useState<SaveState>({ status: "idle" });
  const uid = useId();
  const quietValid = validQuietHours({ start: values.quietStart, end: values.quietEnd });

  function change(next: Partial<Settings>) {
    setValues((current) => ({ ...current, ...next }));
    setState({ status: "idle" });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!quietValid) return setState({ status: "error", message: ERROR_MESSAGES.NUDGE_QUIET_INVALID });
    setState({ status: "saving" });
    try {
      await save(values);
      setState({ status: "saved" });
    } catch (error) {
      setState({ status: "error", message: errorMessage(error, SAVE_FAILED) });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <label htmlFor={`${uid}-on`} className="flex min-h-11 cursor-pointer items-center justify-between gap-4 py-2">
        <span className="flex flex-col">
          <span className="font-medium">Send me gentle nudges</span>
          <span id={`${uid}-hint`} className="text-sm text-muted-foreground">
            At most one a day, naming one or two of your commitments due soon. Done and Not today each take one click.
          </span>
        </span>
        <Switch id={`${uid}-on`} checked={values.enabled} onCheckedChange={(enabled) => change({ enabled })} aria-describedby={`${uid}-hint`} />
      </label>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Quiet hours</legend>
        <p className="text-sm text-muted-foreground">No nudge comes between these hours, in your time zone. A nudge comes when they end.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <HourSelect label="From" value={values.quietStart} onChange={(quietStart) => change({ quietStart })} />
          <HourSelect label="Until" value={values.quietEnd} onChange={(quietEnd) => change({ quietEnd })} />
        </div>
      </fieldset>
      <p className="text-sm text-muted-foreground">Your coach sees that nudges are on, never what they say.</p>
      <SaveFooter state={state} label="Save nudges" saved={values.enabled ? "Saved. Nudges are on." : "Saved. Nudges are off."} />
    </form>
  );
}

/** The member's gentle nudges: on or off, and their quiet hours; a skeleton until loaded. */
export function NudgeSettings() {
  const settings = useQuery(api.nudges.settings);
  if (settings === undefined)
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          Loading your nudge choices
        </span>
        <div className="h-40 animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
      </div>
    );
  return <NudgeForm initial={settings} />;
}
