import type { Id } from "@convex/_generated/dataModel";
import {
  ArrowDownWideNarrowIcon,
  CheckCircle2Icon,
  ChevronDownIcon,
  CircleAlertIcon,
  EllipsisIcon,
  InfoIcon,
  TriangleAlertIcon,
} from "lucide-react";
import { useState } from "react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Rating } from "@/components/ui/rating";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ContactForm, ContactSent } from "@/features/contact/contact-page";
import { EventCard, type EventItem } from "@/features/marketing/event-card";
import { FAQ } from "@/features/marketing/faq";
import { NewsletterSection } from "@/features/marketing/newsletter-section";
import { PageColumn, PageHeader, PageSection } from "@/features/marketing/page-parts";
import { afterDemoDelay } from "./demo-delay";

/** `days` after today at `hour` o'clock, the visitor's time. */
const dayAt = (now: number, days: number, hour: number) => {
  const date = new Date(now);
  date.setDate(date.getDate() + days);
  date.setHours(hour, 0, 0, 0);
  return date.getTime();
};

/** Made-up events: one description under the Show more limit, one over it. */
function demoEvents(now: number): EventItem[] {
  const event = (id: string, fields: Omit<EventItem, "_id" | "slug" | "registered">): EventItem => ({
    _id: id as Id<"events">,
    slug: id,
    registered: false,
    ...fields,
  });
  return [
    event("demo-short", {
      title: "Focus hour, together",
      startsAt: dayAt(now, 3, 17),
      durationMinutes: 60,
      location: "Online, link sent after sign-up",
      isOnline: true,
      description: "An hour of quiet work with others on camera.",
      registrationUrl: "https://example.com/events/focus-hour",
    }),
    event("demo-long", {
      title: "Planning a calm week",
      startsAt: dayAt(now, 9, 10),
      durationMinutes: 90,
      location: "LWCC studio, 12 Harbour Street",
      isOnline: false,
      description:
        "A hands-on workshop: we lay out next week together, block the time your attention is best, and leave room for the things that always come up. Bring your calendar and one task you keep putting off.",
      registrationUrl: "https://example.com/events/calm-week",
    }),
  ];
}

const SORT_LABELS = { date: "By date", priority: "By priority", recent: "Most recent" } as const;
type Sort = keyof typeof SORT_LABELS;

function MenusDemo() {
  const [last, setLast] = useState("Nothing chosen yet.");
  const [sort, setSort] = useState<Sort>("date");
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-start gap-2">
        <h3 className="font-semibold">Menu</h3>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              <EllipsisIcon aria-hidden />
              Session actions
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuLabel>Focus hour, Tuesday</DropdownMenuLabel>
            <DropdownMenuItem onSelect={() => setLast("You chose Join session.")}>Join session</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setLast("You chose Move to another time.")}>Move to another time</DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => setLast("You chose Cancel session.")}>Cancel session</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <p role="status" className="text-sm text-muted-foreground">
          {last}
        </p>
      </div>
      <div className="flex flex-col items-start gap-2">
        <h3 className="font-semibold">Dropdown</h3>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              <ArrowDownWideNarrowIcon aria-hidden />
              Sort: {SORT_LABELS[sort]}
              <ChevronDownIcon aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuRadioGroup value={sort} onValueChange={(value) => setSort(value as Sort)}>
              {(Object.keys(SORT_LABELS) as Sort[]).map((key) => (
                <DropdownMenuRadioItem key={key} value={key}>
                  {SORT_LABELS[key]}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  );
}

function ModalDemo() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Open the modal</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Take a short break?</DialogTitle>
          <DialogDescription>A modal holds one decision. Escape, the close button or Not now all close it.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Not now</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button>Start a 5-minute break</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SpinnerDemo() {
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex min-h-11 flex-wrap items-center gap-4">
      <Button variant="outline" onClick={() => setBusy((on) => !on)} aria-pressed={busy}>
        {busy ? "Stop the spinner" : "Show the spinner"}
      </Button>
      {busy ? <Spinner label="Saving your changes..." /> : null}
    </div>
  );
}

function ContactDemo() {
  const [sent, setSent] = useState(false);
  const [formKey, setFormKey] = useState(0);
  if (sent) {
    return (
      <div role="status">
        <ContactSent
          note="(Demo: nothing was sent.)"
          onAnother={() => {
            setSent(false);
            setFormKey((key) => key + 1);
          }}
        />
      </div>
    );
  }
  return (
    <ContactForm
      key={formKey}
      initial={{ subject: "", message: "" }}
      who={{ name: "", email: "" }}
      send={() => afterDemoDelay(null)}
      onSent={() => setSent(true)}
    />
  );
}

/** /demos/ui-patterns: the everyday building blocks, each the real component, on made-up data. */
export function UiPatternsDemo() {
  const [now] = useState(() => Date.now());
  const [rating, setRating] = useState(0);
  return (
    <>
      <PageColumn labelledBy="patterns-title" wide>
        <PageHeader
          id="patterns-title"
          eyebrow="Demo"
          title="Reliable UI patterns"
          lead="The building blocks the site is made of. Nothing here reaches the backend: the forms answer by themselves after a short pause."
        />

        <PageSection id="patterns-menus" title="Menus and dropdowns">
          <MenusDemo />
        </PageSection>

        <PageSection id="patterns-tabs" title="Tabs">
          <Tabs defaultValue="overview" className="max-w-2xl">
            <TabsList>
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="sessions">Sessions</TabsTrigger>
              <TabsTrigger value="notes">Notes</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">The first tab shows until another is chosen. Arrow keys move between tabs.</TabsContent>
            <TabsContent value="sessions">Two sessions this week: Tuesday and Thursday.</TabsContent>
            <TabsContent value="notes">Notes from your last session are ready.</TabsContent>
          </Tabs>
        </PageSection>

        <PageSection id="patterns-rating" title="Rating">
          <div className="flex flex-wrap items-end gap-4">
            <Rating label="How was your last session?" value={rating} onChange={setRating} />
            <Button variant="ghost" onClick={() => setRating(0)} disabled={rating === 0}>
              Clear rating
            </Button>
          </div>
        </PageSection>

        <PageSection id="patterns-alerts" title="Alerts">
          <div className="flex max-w-2xl flex-col gap-3">
            <Alert variant="info">
              <InfoIcon aria-hidden />
              <AlertTitle>Good to know</AlertTitle>
              <AlertDescription>Session recordings are ready about an hour after the session ends.</AlertDescription>
            </Alert>
            <Alert variant="success">
              <CheckCircle2Icon aria-hidden />
              <AlertTitle>Saved</AlertTitle>
              <AlertDescription>Your time zone is now Europe/Berlin.</AlertDescription>
            </Alert>
            <Alert variant="warning">
              <TriangleAlertIcon aria-hidden />
              <AlertTitle>Coming up soon</AlertTitle>
              <AlertDescription>Two action items are due within 7 days.</AlertDescription>
            </Alert>
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden />
              <AlertTitle>Something went wrong</AlertTitle>
              <AlertDescription>Password is too short. Use at least 8 characters, then try again.</AlertDescription>
            </Alert>
          </div>
        </PageSection>

        <PageSection id="patterns-modal" title="Modal">
          <ModalDemo />
        </PageSection>

        <PageSection id="patterns-spinner" title="Spinner">
          <SpinnerDemo />
        </PageSection>

        <PageSection id="patterns-faq" title="FAQ">
          <Accordion type="multiple" className="max-w-2xl">
            {FAQ.slice(0, 3).map((item, index) => (
              <AccordionItem key={item.question} value={`q${index}`}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent>{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </PageSection>

        <PageSection id="patterns-events" title="Event cards">
          <ul className="grid gap-4 md:grid-cols-2">
            {demoEvents(now).map((event) => (
              <EventCard key={event._id} event={event} now={now} register={() => afterDemoDelay(true)} />
            ))}
          </ul>
        </PageSection>

        <PageSection id="patterns-contact" title="Contact form">
          <div className="max-w-2xl">
            <ContactDemo />
          </div>
        </PageSection>
      </PageColumn>
      <NewsletterSection post={() => afterDemoDelay({ kind: "subscribed" as const })} />
    </>
  );
}
