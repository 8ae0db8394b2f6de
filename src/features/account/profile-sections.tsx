import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES } from "@convex/model/messages";
import type { Role } from "@convex/model/permissions";
import { isValidTimezone, NAME_MAX, TIMEZONE_ERROR } from "@convex/model/users";
import { Link } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import { CalendarDaysIcon, CheckCircle2Icon } from "lucide-react";
import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from "react";
import { z } from "zod";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { useFormErrors, zodFieldErrors, type FormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ViewerUser } from "@/features/auth/viewer";
import { textLinkClass } from "@/features/catalog/states";
import { userErrorOf } from "@/lib/user-error";
import { firstNameSchema, forumNameSchema, lastNameSchema } from "@/lib/validation";
import { CalendarFeed } from "./calendar-feed";
import { timeZoneOptions, zoneFromText, zoneLabel } from "./time-zones";
import { TimezoneCombobox } from "./timezone-combobox";

/** Headings of the account settings, the same on /dashboard/settings and in the account settings dialog. */
export const SETTINGS_SECTIONS = {
  account: { title: "Account" },
  profile: { title: "Profile", description: "How we address you, and how other members see you in the community forum." },
  calendar: { title: "Calendar", description: "The time zone your sessions are shown in, and your sessions in your own calendar." },
  notifications: { title: "Notifications", description: "Which notifications you get, and where they appear." },
  nudges: { title: "Gentle nudges", description: "A calm daily word about what you said you'd do. Off unless you turn it on." },
  appearance: { title: "Appearance", description: "Applies straight away on this device." },
} as const;

const FORUM_NAME_HINT = "How other members see you in the community forum.";

const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  coach: "Coach",
  client: "Client",
  others: "Member",
  guest_temporary: "Guest (temporary)",
  guest_confirmed: "Guest (confirmed)",
};

const SAVE_FAILED = "We couldn't save your changes. Please try again.";

/** The server's refusal as the form's errors: its summary, and each field's own text beside that field. */
function saveErrors<K extends string>(error: unknown, keys: readonly K[]): FormErrors<K> {
  const data = userErrorOf(error);
  if (!data?.message) {
    console.error("Saving the profile failed", error);
    return { message: SAVE_FAILED, fields: {} };
  }
  const fields: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const message = data.fields?.[key];
    if (message) fields[key] = message;
  }
  return { message: data.message, fields };
}

/** The submit button and, once saved, a polite "Saved.". */
function SaveRow({ label, saving, saved }: { label: string; saving: boolean; saved: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Button type="submit" size="lg" disabled={saving}>
        {saving ? "Saving..." : label}
      </Button>
      <p role="status" className="flex items-center gap-2 font-medium">
        {saved ? (
          <>
            <CheckCircle2Icon className="size-5 text-success" aria-hidden />
            Saved.
          </>
        ) : null}
      </p>
    </div>
  );
}

/** Email and role, which the member reads here but cannot change. */
export function AccountFacts({ user }: { user: ViewerUser }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <dt className="text-sm text-muted-foreground">Email address</dt>
        <dd className="font-medium break-all">{user.email}</dd>
      </div>
      <div className="flex flex-col gap-1">
        <dt className="text-sm text-muted-foreground">Role</dt>
        <dd className="font-medium">{ROLE_LABELS[user.role]}</dd>
      </div>
    </dl>
  );
}

const PROFILE_FIELDS = ["firstName", "lastName", "forumName"] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

const profileSchema = z.object({ firstName: firstNameSchema, lastName: lastNameSchema, forumName: forumNameSchema });

/** Names and forum name. Field ids are the form's own, so the dialog can sit over the settings page. */
export function ProfileForm({ user }: { user: ViewerUser }) {
  const updateProfile = useMutation(api.users.updateProfile);
  const uid = useId();
  const ids: Record<ProfileField, string> = {
    firstName: `${uid}-first-name`,
    lastName: `${uid}-last-name`,
    forumName: `${uid}-forum-name`,
  };
  const [values, setValues] = useState<Record<ProfileField, string>>({
    firstName: user.firstName,
    lastName: user.lastName,
    forumName: user.forumName ?? "",
  });
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const form = useFormErrors(ids);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      form.fail({ message: AUTH_MESSAGES.INVALID_INPUT, fields: zodFieldErrors<ProfileField>(parsed.error) });
      return;
    }
    form.clear();
    setSaving(true);
    try {
      await updateProfile(parsed.data);
      // The field shows the name as it was stored: trimmed, one space between words.
      setValues((current) => ({ ...current, forumName: parsed.data.forumName }));
      setSaved(true);
    } catch (error) {
      form.fail(saveErrors(error, PROFILE_FIELDS));
    } finally {
      setSaving(false);
    }
  }

  const update = (field: ProfileField) => (event: ChangeEvent<HTMLInputElement>) => {
    setSaved(false);
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={ids.firstName} label="First name" required error={form.errors?.fields.firstName}>
          {(control) => <Input {...control} name="firstName" autoComplete="given-name" maxLength={NAME_MAX} value={values.firstName} onChange={update("firstName")} />}
        </FormField>
        <FormField id={ids.lastName} label="Last name" required error={form.errors?.fields.lastName}>
          {(control) => <Input {...control} name="lastName" autoComplete="family-name" maxLength={NAME_MAX} value={values.lastName} onChange={update("lastName")} />}
        </FormField>
      </div>
      <FormField id={ids.forumName} label="Forum name" hint={FORUM_NAME_HINT} error={form.errors?.fields.forumName}>
        {(control) => (
          <Input
            {...control}
            name="forumName"
            autoComplete="nickname"
            spellCheck={false}
            value={values.forumName}
            onChange={update("forumName")}
          />
        )}
      </FormField>
      <SaveRow label="Save profile" saving={saving} saved={saved} />
    </form>
  );
}

const timeZoneSchema = z.object({ timezone: z.string().refine(isValidTimezone, TIMEZONE_ERROR) });

/**
 * The member's time zone, which every session time on the site is shown in. `save` stores a
 * checked zone: the member's profile here, nothing at all in the time zone selector test.
 */
export function TimeZoneForm({ timezone, save }: { timezone: string; save: (args: { timezone: string }) => Promise<unknown> }) {
  const id = `${useId()}-timezone`;
  // The field's text; a zone shows as its label ("America/New York").
  const [text, setText] = useState(zoneLabel(timezone));
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const form = useFormErrors({ timezone: id });
  const zones = useMemo(() => timeZoneOptions(timezone), [timezone]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const parsed = timeZoneSchema.safeParse({ timezone: zoneFromText(text, zones) });
    if (!parsed.success) {
      form.fail({ message: AUTH_MESSAGES.INVALID_INPUT, fields: zodFieldErrors<"timezone">(parsed.error) });
      return;
    }
    form.clear();
    setSaving(true);
    try {
      await save(parsed.data);
      setText(zoneLabel(parsed.data.timezone));
      setSaved(true);
    } catch (error) {
      form.fail(saveErrors(error, ["timezone"]));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
      <RequiredNote />
      <FormField
        id={id}
        label="Time zone"
        required
        hint="Session times are shown in this time zone. Type a city or region to search."
        error={form.errors?.fields.timezone}
      >
        {(control) => (
          <TimezoneCombobox
            control={control}
            name="timezone"
            zones={zones}
            value={text}
            onChange={(next) => {
              setSaved(false);
              setText(next);
            }}
          />
        )}
      </FormField>
      <SaveRow label="Save time zone" saving={saving} saved={saved} />
    </form>
  );
}

/** The time zone, the way to the calendar it applies to, and the private feed for the member's own calendar. */
export function CalendarSettings({ user }: { user: ViewerUser }) {
  const updateProfile = useMutation(api.users.updateProfile);
  return (
    <div className="flex flex-col gap-4">
      <TimeZoneForm timezone={user.timezone} save={updateProfile} />
      <Link to="/dashboard/calendar" className={textLinkClass}>
        <CalendarDaysIcon className="mr-2 size-4" aria-hidden />
        Open your calendar
      </Link>
      <CalendarFeed />
    </div>
  );
}
