import { Link } from "@tanstack/react-router";
import { ArrowRightIcon } from "lucide-react";
import { useId, useState, type MouseEvent, type ReactNode } from "react";
import { SIGN_IN } from "@/components/layout/nav";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LOGIN_ROUTE } from "@/features/auth/redirects";
import { useViewer, type ViewerUser } from "@/features/auth/viewer";
import { BillingSections } from "@/features/billing/billing-page";
import { BILLING_URL } from "@/features/billing/billing";
import { textLinkClass } from "@/features/catalog/states";
import { useReturnFocus } from "@/lib/use-return-focus";
import { ACCOUNT_TABS, type AccountTab } from "./account-tabs";
import { ThemeChoice } from "./appearance";
import { NotificationPreferencesForm } from "./notification-preferences";
import { NudgeSettings } from "./nudge-settings";
import { AccountFacts, CalendarSettings, ProfileForm, SETTINGS_SECTIONS } from "./profile-sections";

export interface AccountSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AccountTab;
  onTabChange: (tab: AccountTab) => void;
}

const SUPPORT_LINKS = [
  { to: "/support", label: "Support", hint: "Get help with your account, a booking or a payment." },
  { to: "/help-center", label: "Help Center", hint: "Guides and answers, by topic." },
  { to: "/faq", label: "FAQ", hint: "Short answers to the questions we hear most." },
  { to: "/contact", label: "Contact", hint: "Write to us; we reply within 24 hours." },
] as const;

/** A titled part of a tab; its heading sits under the dialog's title. */
function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function PageLink({ to, children }: { to: "/dashboard/billing" | "/dashboard/calendar"; children: ReactNode }) {
  return (
    <Link to={to} className={textLinkClass}>
      {children}
      <ArrowRightIcon className="ml-2 size-4" aria-hidden />
    </Link>
  );
}

function TabPanel({ user, tab }: { user: ViewerUser; tab: AccountTab }) {
  switch (tab) {
    case "account":
      return (
        <div className="flex flex-col gap-8">
          <Section {...SETTINGS_SECTIONS.account}>
            <AccountFacts user={user} />
          </Section>
          <Section {...SETTINGS_SECTIONS.profile}>
            <ProfileForm user={user} />
          </Section>
          <Section {...SETTINGS_SECTIONS.appearance}>
            <ThemeChoice />
          </Section>
        </div>
      );
    case "billing":
      return (
        <div className="flex flex-col gap-6">
          <BillingSections />
          <PageLink to={BILLING_URL}>Open the billing page</PageLink>
        </div>
      );
    case "notifications":
      return (
        <div className="flex flex-col gap-8">
          <Section {...SETTINGS_SECTIONS.notifications}>
            <NotificationPreferencesForm />
          </Section>
          <Section {...SETTINGS_SECTIONS.nudges}>
            <NudgeSettings />
          </Section>
        </div>
      );
    case "calendar":
      return (
        <Section {...SETTINGS_SECTIONS.calendar}>
          <CalendarSettings user={user} />
        </Section>
      );
    case "support":
      return (
        <Section title="Support" description="We're here to help. Pick where to start.">
          <ul className="flex flex-col gap-3">
            {SUPPORT_LINKS.map((link) => (
              <li key={link.to} className="flex flex-col">
                <Link to={link.to} className={textLinkClass}>
                  {link.label}
                </Link>
                <span className="text-sm text-muted-foreground">{link.hint}</span>
              </li>
            ))}
          </ul>
        </Section>
      );
  }
}

/** A plain click on a link inside: the dialog closes so the page it opens is not hidden behind it. */
function closesOnLink(close: () => void) {
  return (event: MouseEvent) => {
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (plainClick && event.target instanceof Element && event.target.closest("a[href]")) close();
  };
}

function SettingsTabs({ user, tab, onTabChange, close }: { user: ViewerUser; tab: AccountTab; onTabChange: (tab: AccountTab) => void; close: () => void }) {
  // A tab stays mounted once visited, so edits not yet saved survive a look at another tab; tabs
  // never opened load nothing.
  const [visited, setVisited] = useState<ReadonlySet<AccountTab>>(() => new Set([tab]));
  if (!visited.has(tab)) setVisited(new Set(visited).add(tab));
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        const next = ACCOUNT_TABS.find((item) => item.id === value);
        if (next) onTabChange(next.id);
      }}
      className="flex min-h-0 flex-1 flex-col"
      onClick={closesOnLink(close)}
    >
      <TabsList aria-label="Account settings sections" className="self-start">
        {ACCOUNT_TABS.map((item) => (
          <TabsTrigger key={item.id} value={item.id}>
            {item.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {ACCOUNT_TABS.map((item) => (
        <TabsContent
          key={item.id}
          value={item.id}
          forceMount={visited.has(item.id) || undefined}
          hidden={item.id !== tab}
          className="mt-4 flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto p-1"
        >
          {visited.has(item.id) ? <TabPanel user={user} tab={item.id} /> : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}

function DialogSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span className="sr-only" role="status">
        Loading your settings
      </span>
      <div aria-hidden className="flex flex-wrap gap-1">
        {ACCOUNT_TABS.map((item) => (
          <Skeleton key={item.id} className="h-11 w-24" />
        ))}
      </div>
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/**
 * The account settings dialog (SPEC §2, command palette): the real settings of /dashboard/settings
 * and /dashboard/billing in the tabs account, billing, notifications, calendar and support.
 * Controlled, so its opener decides the tab. Radix traps focus inside and closes on Escape; the
 * tab list moves with the arrow keys.
 */
export function AccountSettingsDialog({ open, onOpenChange, tab, onTabChange }: AccountSettingsDialogProps) {
  const viewer = useViewer();
  const close = () => onOpenChange(false);
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[min(52rem,calc(100dvh-2rem))] max-w-3xl flex-col" {...returnFocus}>
        <DialogHeader>
          <DialogTitle>Account settings</DialogTitle>
          <DialogDescription>Your profile, plan, notifications, time zone and where to get help.</DialogDescription>
        </DialogHeader>
        {viewer.status === "signed-in" ? (
          <SettingsTabs user={viewer.user} tab={tab} onTabChange={onTabChange} close={close} />
        ) : viewer.status === "loading" ? (
          <DialogSkeleton />
        ) : (
          <div className="flex flex-col items-start gap-4">
            <p>Sign in to see and change your account settings.</p>
            <Button asChild onClick={close}>
              <Link {...LOGIN_ROUTE}>{SIGN_IN.label}</Link>
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

// For React.lazy: the command palette and /profile load the dialog only when it is first opened.
export default AccountSettingsDialog;
