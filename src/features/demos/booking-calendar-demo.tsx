import { format } from "date-fns";
import { CalendarCheckIcon, XIcon } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ThemeChoice } from "@/features/account/appearance";
import { PageColumn, PageHeader, PageSection } from "@/features/marketing/page-parts";
import { cn } from "@/lib/utils";
import { atMinute, periodSlots, SHOWCASE_MONTH, showcaseDays, SLOT_PERIODS } from "./booking-showcase";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const DAY_LABEL = "EEEE, MMMM d, yyyy";

/** Monday-first column of a date: 0 for Monday, 6 for Sunday. */
const column = (day: Date) => (day.getDay() + 6) % 7;

/**
 * A month of day buttons. One of them is in the Tab order; arrows move a day or a week, Home and
 * End to the start and end of the month (the date-grid keys people know from date pickers).
 */
function MonthGrid({ days, chosen, onChoose }: { days: Date[]; chosen: Date | null; onChoose: (day: Date) => void }) {
  const [focusIndex, setFocusIndex] = useState(chosen ? chosen.getDate() - 1 : 0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function move(event: KeyboardEvent, index: number) {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    let next: number | undefined;
    if (event.key in steps) next = index + steps[event.key]!;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = days.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const clamped = Math.max(0, Math.min(days.length - 1, next));
    setFocusIndex(clamped);
    buttons.current[clamped]?.focus();
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-muted-foreground" aria-hidden>
        {WEEKDAYS.map((weekday) => (
          <span key={weekday}>{weekday}</span>
        ))}
      </div>
      <ol className="grid grid-cols-7 gap-1" aria-label={format(days[0]!, "MMMM yyyy")}>
        {days.map((day, index) => {
          const selected = chosen?.getTime() === day.getTime();
          return (
            <li key={day.getTime()} style={index === 0 ? { gridColumnStart: column(day) + 1 } : undefined}>
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                tabIndex={index === focusIndex ? 0 : -1}
                aria-label={format(day, DAY_LABEL)}
                aria-pressed={selected}
                onClick={() => {
                  setFocusIndex(index);
                  onChoose(day);
                }}
                onKeyDown={(event) => move(event, index)}
                className={cn(
                  "flex aspect-square min-h-11 w-full items-center justify-center rounded-md border text-sm font-medium tabular-nums outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60",
                  selected ? "border-primary bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground" : "bg-card",
                )}
              >
                {day.getDate()}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function TimeDialog({
  day,
  onOpenChange,
  onConfirm,
}: {
  day: Date | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: (at: Date) => void;
}) {
  const [time, setTime] = useState<number | null>(null);
  return (
    <Dialog
      open={day !== null}
      onOpenChange={(open) => {
        if (!open) setTime(null);
        onOpenChange(open);
      }}
    >
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Choose a time</DialogTitle>
          <DialogDescription>{day ? format(day, DAY_LABEL) : null} · 60-minute session</DialogDescription>
        </DialogHeader>
        {day ? (
          <div className="flex flex-col gap-4">
            {SLOT_PERIODS.map((period) => (
              <fieldset key={period.label} className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-semibold">{period.label}</legend>
                <div className="flex flex-wrap gap-2">
                  {periodSlots(period).map((minute) => (
                    <Button
                      key={minute}
                      type="button"
                      variant={time === minute ? "default" : "outline"}
                      aria-pressed={time === minute}
                      className="min-w-24"
                      onClick={() => setTime(minute)}
                    >
                      {format(atMinute(day, minute), "h:mm a")}
                    </Button>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            disabled={time === null}
            onClick={() => {
              if (day && time !== null) {
                onConfirm(atMinute(day, time));
                setTime(null);
              }
            }}
          >
            {time === null || !day ? "Confirm" : `Confirm ${format(atMinute(day, time), "h:mm a")}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** /demos/booking-calendar: pick a July 2025 date, then a time, then confirm; in either theme. */
export function BookingCalendarDemo() {
  const [days] = useState(showcaseDays);
  const [chosen, setChosen] = useState<Date | null>(null);
  const [open, setOpen] = useState(false);
  const [booked, setBooked] = useState<Date | null>(null);
  return (
    <PageColumn labelledBy="booking-showcase-title">
      <PageHeader
        id="booking-showcase-title"
        eyebrow="Demo"
        title="Booking calendar theme showcase"
        lead="Choose a date in July 2025, then a time, then confirm. Nothing is booked: the dates are made up."
      />
      <div role="alert" className="mt-8 empty:hidden">
        {booked ? (
          <Alert variant="success">
            <CalendarCheckIcon aria-hidden />
            <AlertTitle>Session confirmed (demo)</AlertTitle>
            <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
              {format(booked, `${DAY_LABEL} 'at' h:mm a`)}
              <Button variant="ghost" size="sm" onClick={() => setBooked(null)}>
                <XIcon aria-hidden />
                Dismiss
              </Button>
            </AlertDescription>
          </Alert>
        ) : null}
      </div>
      <PageSection id="booking-showcase-month" title={format(new Date(SHOWCASE_MONTH.year, SHOWCASE_MONTH.month), "MMMM yyyy")}>
        <div className="max-w-md">
          <MonthGrid
            days={days}
            chosen={chosen}
            onChoose={(day) => {
              setChosen(day);
              setOpen(true);
            }}
          />
        </div>
      </PageSection>
      <PageSection id="booking-showcase-theme" title="Theme">
        <p className="text-muted-foreground">The calendar follows the site's theme. Switch it here to compare.</p>
        <ThemeChoice />
      </PageSection>
      <TimeDialog
        day={open ? chosen : null}
        onOpenChange={setOpen}
        onConfirm={(at) => {
          setBooked(at);
          setOpen(false);
        }}
      />
    </PageColumn>
  );
}
