import { CircleAlertIcon, SettingsIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { FormField } from "@/components/forms/form-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { ThemeChoice } from "@/features/account/appearance";
import { ACCOUNT_TABS, type AccountTab } from "@/features/account/account-tabs";
import { PageColumn, PageHeader, PageSection } from "@/features/marketing/page-parts";

// The dialog and its tabs are fetched when first opened, as from the command palette.
const loadDialog = () => import("@/features/account/account-settings-dialog");
const AccountSettingsDialog = lazy(loadDialog);

/** The theme's colour tokens, each on its own background with its paired text colour. */
const SWATCHES = [
  { name: "background", className: "bg-background text-foreground" },
  { name: "card", className: "bg-card text-card-foreground" },
  { name: "primary", className: "bg-primary text-primary-foreground" },
  { name: "secondary", className: "bg-secondary text-secondary-foreground" },
  { name: "muted", className: "bg-muted text-muted-foreground" },
  { name: "accent", className: "bg-accent text-accent-foreground" },
  { name: "warning", className: "bg-warning-muted text-warning-foreground" },
  { name: "destructive", className: "bg-destructive text-destructive-foreground" },
] as const;

const BUTTON_VARIANTS = ["default", "secondary", "outline", "ghost", "destructive", "link"] as const;

function AccountModalDemo() {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AccountTab>("account");
  const openAt = (next: AccountTab) => {
    setTab(next);
    setOpen(true);
  };
  // Fetching starts on hover or focus, so the dialog is usually there by the click.
  const preload = { onPointerEnter: () => void loadDialog(), onFocus: () => void loadDialog() };
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-muted-foreground">
        The account settings dialog of the command palette, opened at a tab of your choice. Signed in, it shows your real settings.
      </p>
      <Button {...preload} onClick={() => openAt("account")}>
        <SettingsIcon aria-hidden />
        Open account settings
      </Button>
      <div role="group" aria-label="Or open it at a tab" className="flex flex-wrap gap-2">
        {ACCOUNT_TABS.filter((item) => item.id !== "account").map((item) => (
          <Button key={item.id} variant="outline" {...preload} onClick={() => openAt(item.id)}>
            {item.label}
          </Button>
        ))}
      </div>
      {open ? (
        <Suspense fallback={null}>
          <AccountSettingsDialog open={open} onOpenChange={setOpen} tab={tab} onTabChange={setTab} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** /demos/design: the theme's colours, type and controls, and the account settings dialog. */
export function DesignDemo() {
  const [reminders, setReminders] = useState(true);
  return (
    <PageColumn labelledBy="design-demo-title">
      <PageHeader
        id="design-demo-title"
        eyebrow="Demo"
        title="Design demo"
        lead="The colours, type and controls every page is made of, in the current theme. Switch the theme to see both."
      />
      <PageSection id="design-theme" title="Theme">
        <ThemeChoice />
      </PageSection>
      <PageSection id="design-account" title="Account modal">
        <AccountModalDemo />
      </PageSection>
      <PageSection id="design-colours" title="Colours">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {SWATCHES.map((swatch) => (
            <li key={swatch.name} className={`flex min-h-20 items-end rounded-lg border p-3 text-sm font-medium ${swatch.className}`}>
              {swatch.name}
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="design-type" title="Type">
        <p className="text-3xl font-bold tracking-tight">Page title, 30 px bold</p>
        <p className="text-xl font-semibold">Section title, 20 px semibold</p>
        <p>Body text, 16 px. Short sentences, plain words, one idea at a time.</p>
        <p className="text-sm text-muted-foreground">Secondary text, 14 px, for hints and details.</p>
      </PageSection>
      <PageSection id="design-controls" title="Controls">
        <div className="flex flex-wrap gap-2">
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {variant[0]!.toUpperCase() + variant.slice(1)}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge>Mastery</Badge>
          <Badge variant="secondary">Control</Badge>
          <Badge variant="outline">Clarity</Badge>
          <Badge variant="destructive">
            <CircleAlertIcon aria-hidden />
            Overdue
          </Badge>
        </div>
        <div className="grid max-w-md gap-4">
          <FormField id="design-email" label="Email address" required hint="We never share it.">
            {(control) => <Input {...control} type="email" autoComplete="off" placeholder="you@example.com" />}
          </FormField>
          <FormField id="design-error" label="Password" required error="Password is too short">
            {(control) => <Input {...control} type="password" autoComplete="off" defaultValue="abc" />}
          </FormField>
          <div className="flex min-h-11 items-center gap-3">
            <Switch id="design-switch" checked={reminders} onCheckedChange={setReminders} />
            <Label htmlFor="design-switch">Session reminders by email</Label>
          </div>
        </div>
      </PageSection>
      <PageSection id="design-cards" title="Cards">
        <Card aria-labelledby="design-card-title">
          <CardHeader>
            <CardTitle id="design-card-title" asChild>
              <h3>Next session</h3>
            </CardTitle>
            <CardDescription>Weekly planning with Cora Reyes, Tuesday at 10:00 AM.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button>Join session</Button>
          </CardContent>
        </Card>
      </PageSection>
    </PageColumn>
  );
}
