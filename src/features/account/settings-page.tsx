import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useViewer } from "@/features/auth/viewer";
import { ThemeChoice } from "./appearance";
import { NotificationPreferencesForm } from "./notification-preferences";
import { NudgeSettings } from "./nudge-settings";
import { AccountFacts, CalendarSettings, ProfileForm, SETTINGS_SECTIONS } from "./profile-sections";

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
        <p className="text-muted-foreground">Your profile, your time zone, your notifications and how the site looks.</p>
      </div>
      {viewer.status !== "signed-in" ? (
        <SettingsSkeleton />
      ) : (
        <>
          <SettingsCard id="account-title" {...SETTINGS_SECTIONS.account}>
            <AccountFacts user={viewer.user} />
          </SettingsCard>
          <SettingsCard id="profile-title" {...SETTINGS_SECTIONS.profile}>
            <ProfileForm key={viewer.user._id} user={viewer.user} />
          </SettingsCard>
          <SettingsCard id="calendar-title" {...SETTINGS_SECTIONS.calendar}>
            <CalendarSettings key={viewer.user._id} user={viewer.user} />
          </SettingsCard>
          <SettingsCard id="notifications-title" {...SETTINGS_SECTIONS.notifications}>
            <NotificationPreferencesForm />
          </SettingsCard>
          <SettingsCard id="nudges-title" {...SETTINGS_SECTIONS.nudges}>
            <NudgeSettings />
          </SettingsCard>
          <SettingsCard id="appearance-title" {...SETTINGS_SECTIONS.appearance}>
            <ThemeChoice />
          </SettingsCard>
        </>
      )}
    </div>
  );
}
