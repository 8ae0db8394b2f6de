import { api } from "@convex/_generated/api";
import {
  NOTIFICATION_POSITIONS,
  REMINDER_OFFSETS_MS,
  type NotificationPosition,
  type NotificationPreferences,
} from "@convex/model/notifications";
import { useMutation, useQuery } from "convex/react";
import { formatDuration, intervalToDuration } from "date-fns";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "@/lib/user-error";
import { ChoiceGroup, type Choice } from "./choice-group";
import { SaveFooter, type SaveState } from "./save-footer";

type Toggle = Exclude<keyof NotificationPreferences, "position">;

const SAVE_FAILED = "We couldn't save your notification choices. Please try again.";

const POSITION_LABELS: Record<NotificationPosition, string> = {
  "top-left": "Top left",
  "top-right": "Top right",
  "bottom-left": "Bottom left",
  "bottom-right": "Bottom right",
};

/** Shown as the screen's corners: top row first, left before right. */
const cornerRank = (position: NotificationPosition) => (position.startsWith("top") ? 0 : 2) + (position.endsWith("left") ? 0 : 1);
const POSITION_CHOICES: Choice<NotificationPosition>[] = [...NOTIFICATION_POSITIONS]
  .sort((a, b) => cornerRank(a) - cornerRank(b))
  .map((position) => ({ value: position, label: POSITION_LABELS[position] }));

/** "1 day, 1 hour, and 10 minutes": the reminder times as the backend sends them. */
const reminderTimes = new Intl.ListFormat("en", { type: "conjunction" }).format(
  REMINDER_OFFSETS_MS.map((ms) => formatDuration(intervalToDuration({ start: 0, end: ms }))),
);

const TOGGLES: { key: Toggle; label: string; hint: string }[] = [
  { key: "sessionReminders", label: "Session reminders", hint: `${reminderTimes} before each session.` },
  { key: "bookingUpdates", label: "Booking updates", hint: "When a session is booked, moved or cancelled." },
  { key: "transcriptReady", label: "Transcript ready", hint: "When a session's transcript is ready to read." },
  { key: "emailReminders", label: "Email reminders", hint: "Session reminders by email as well." },
];

function PreferencesForm({ initial }: { initial: NotificationPreferences }) {
  const savePreferences = useMutation(api.notifications.savePreferences);
  const [values, setValues] = useState(initial);
  const [state, setState] = useState<SaveState>({ status: "idle" });
  // The form's own ids, so the account dialog can show it over the settings page.
  const uid = useId();

  function change(next: Partial<NotificationPreferences>) {
    setValues((current) => ({ ...current, ...next }));
    setState({ status: "idle" });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ status: "saving" });
    try {
      await savePreferences(values);
      setState({ status: "saved" });
    } catch (error) {
      setState({ status: "error", message: errorMessage(error, SAVE_FAILED) });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <ChoiceGroup
        legend="Where notifications appear"
        hint="The corner of the screen where new notifications pop up."
        name="notification-position"
        choices={POSITION_CHOICES}
        value={values.position}
        onChange={(position) => change({ position })}
        className="sm:grid-cols-2"
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Notify me about</legend>
        {TOGGLES.map(({ key, label, hint }) => (
          <label key={key} className="flex min-h-11 cursor-pointer items-center justify-between gap-4 rounded-md py-2">
            <span className="flex flex-col">
              <span id={`${uid}-${key}-label`} className="font-medium">
                {label}
              </span>
              <span id={`${uid}-${key}-hint`} className="text-sm text-muted-foreground">
                {hint}
              </span>
            </span>
            <span className="flex shrink-0 items-center gap-2">
              <span className="w-7 text-sm text-muted-foreground" aria-hidden>
                {values[key] ? "On" : "Off"}
              </span>
              <input
                type="checkbox"
                role="switch"
                name={key}
                checked={values[key]}
                onChange={(event) => change({ [key]: event.target.checked })}
                aria-labelledby={`${uid}-${key}-label`}
                aria-describedby={`${uid}-${key}-hint`}
                className="relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-muted-foreground transition-colors outline-none before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-background before:shadow-sm before:transition-transform checked:bg-primary checked:before:translate-x-5 focus-visible:ring-[3px] focus-visible:ring-ring/60 motion-reduce:transition-none motion-reduce:before:transition-none"
              />
            </span>
          </label>
        ))}
      </fieldset>
      <SaveFooter state={state} label="Save preferences" />
    </form>
  );
}

/** The member's notification choices, saved together; a skeleton until they have loaded. */
export function NotificationPreferencesForm() {
  const preferences = useQuery(api.notifications.preferences);
  if (preferences === undefined)
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only" role="status">
          Loading your notification preferences
        </span>
        <div className="h-24 animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
        <div className="h-40 animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
      </div>
    );
  return <PreferencesForm initial={preferences} />;
}
