import { api } from "@convex/_generated/api";
import { AUTH_MESSAGES, type UserError } from "@convex/model/messages";
import type { Role } from "@convex/model/permissions";
import { isValidTimezone, TIMEZONE_ERROR } from "@convex/model/users";
import { useMutation } from "convex/react";
import { ConvexError } from "convex/values";
import { CheckCircle2Icon } from "lucide-react";
import { useMemo, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { z } from "zod";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { useFormErrors, zodFieldErrors, type FormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useViewer, type ViewerUser } from "@/features/auth/viewer";
import { firstNameSchema, lastNameSchema } from "@/lib/validation";
import { ThemeChoice } from "./appearance";
import { NotificationPreferencesForm } from "./notification-preferences";
import { timeZoneOptions, zoneFromText, zoneLabel } from "./time-zones";
import { TimezoneCombobox } from "./timezone-combobox";

const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  coach: "Coach",
  client: "Client",
  others: "Member",
  guest_temporary: "Guest (temporary)",
  guest_confirmed: "Guest (confirmed)",
};

const SAVE_FAILED = "We couldn't save your changes. Please try again.";

const FIELD_IDS = { firstName: "profile-first-name", lastName: "profile-last-name", timezone: "profile-timezone" } as const;
type Field = keyof typeof FIELD_IDS;

const profileSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  timezone: z.string().refine(isValidTimezone, TIMEZONE_ERROR),
});

function profileErrors(error: unknown): FormErrors<Field> {
  const data = error instanceof ConvexError ? (error.data as Partial<UserError>) : undefined;
  if (!data?.message) {
    console.error("Saving the profile failed", error);
    return { message: SAVE_FAILED, fields: {} };
  }
  const fields: Partial<Record<Field, string>> = {};
  for (const key of Object.keys(FIELD_IDS) as Field[]) {
    const message = data.fields?.[key];
    if (message) fields[key] = message;
  }
  return { message: data.message, fields };
}

function ProfileForm({ user }: { user: ViewerUser }) {
  const updateProfile = useMutation(api.users.updateProfile);
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: user.firstName,
    lastName: user.lastName,
    // The field's text; a zone shows as its label ("America/New York").
    timezone: zoneLabel(user.timezone),
  });
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const form = useFormErrors(FIELD_IDS);
  const zones = useMemo(() => timeZoneOptions(user.timezone), [user.timezone]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const parsed = profileSchema.safeParse({ ...values, timezone: zoneFromText(values.timezone, zones) });
    if (!parsed.success) {
      form.fail({ message: AUTH_MESSAGES.INVALID_INPUT, fields: zodFieldErrors<Field>(parsed.error) });
      return;
    }
    form.clear();
    setSaving(true);
    try {
      await updateProfile(parsed.data);
      setValues((current) => ({ ...current, timezone: zoneLabel(parsed.data.timezone) }));
      setSaved(true);
    } catch (error) {
      form.fail(profileErrors(error));
    } finally {
      setSaving(false);
    }
  }

  const change = (field: Field, value: string) => {
    setSaved(false);
    setValues((current) => ({ ...current, [field]: value }));
  };
  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={FIELD_IDS.firstName} label="First name" required error={form.errors?.fields.firstName}>
          {(control) => (
            <Input {...control} name="firstName" autoComplete="given-name" value={values.firstName} onChange={update("firstName")} />
          )}
        </FormField>
        <FormField id={FIELD_IDS.lastName} label="Last name" required error={form.errors?.fields.lastName}>
          {(control) => (
            <Input {...control} name="lastName" autoComplete="family-name" value={values.lastName} onChange={update("lastName")} />
          )}
        </FormField>
      </div>
      <FormField
        id={FIELD_IDS.timezone}
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
            value={values.timezone}
            onChange={(text) => change("timezone", text)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? "Saving..." : "Save changes"}
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
    </form>
  );
}

/** One card of the page, named by its heading so it is a landmark for screen readers. */
function SettingsCard({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function SettingsSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        Loading your settings
      </span>
      <div className="h-32 animate-pulse rounded-xl bg-muted motion-reduce:animate-none" />
      <div className="h-64 animate-pulse rounded-xl bg-muted motion-reduce:animate-none" />
    </div>
  );
}

export function SettingsPage() {
  const viewer = useViewer();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Settings</h1>
        <p className="text-muted-foreground">Your profile, your notifications and how the site looks.</p>
      </div>
      {viewer.status !== "signed-in" ? (
        <SettingsSkeleton />
      ) : (
        <>
          <SettingsCard id="account-title" title="Account">
            <dl className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1">
                <dt className="text-sm text-muted-foreground">Email address</dt>
                <dd className="font-medium break-all">{viewer.user.email}</dd>
              </div>
              <div className="flex flex-col gap-1">
                <dt className="text-sm text-muted-foreground">Role</dt>
                <dd className="font-medium">{ROLE_LABELS[viewer.user.role]}</dd>
              </div>
            </dl>
          </SettingsCard>
          <SettingsCard id="profile-title" title="Profile" description="How we address you, and the time zone for your sessions.">
            <ProfileForm key={viewer.user._id} user={viewer.user} />
          </SettingsCard>
          <SettingsCard id="notifications-title" title="Notifications" description="Which notifications you get, and where they appear.">
            <NotificationPreferencesForm />
          </SettingsCard>
          <SettingsCard id="appearance-title" title="Appearance" description="Applies straight away on this device.">
            <ThemeChoice />
          </SettingsCard>
        </>
      )}
    </div>
  );
}
