import type { Doc } from "@convex/_generated/dataModel";
import {
  balanceTone,
  balanceWarning,
  MONTHLY_CHART_MONTHS,
  type BalanceTone,
  type LedgerKind,
  type MonthlyMinutes,
} from "@convex/model/timeBalance";
import { CalendarPlusIcon, ClockIcon, ListIcon, PlusIcon } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { dateTime, formatDuration } from "@/lib/relative-time";
import { cn } from "@/lib/utils";
import { DASHBOARD_URLS } from "./dashboard-urls";
import {
  BALANCE_TONE_STYLES,
  balanceShare,
  FIRST_BALANCE_TEXTS,
  LEDGER_KIND_LABELS,
  monthLabel,
  neverHadMinutes,
  percentLeft,
} from "./time-balance";

// recharts is large: its chunk is fetched only when the details dialog opens.
const loadChart = () => import("./monthly-minutes-chart");
const MonthlyMinutesChart = lazy(loadChart);

export type TimeBalance = Pick<
  Doc<"timeBalances">,
  "totalMinutes" | "consumedMinutes" | "remainingMinutes" | "expiresAt" | "lastPurchaseAt"
>;

/** One ledger row as the details dialog shows it; `minutes` is signed (debits and expiries negative). */
export interface LedgerEntry {
  id: string;
  kind: LedgerKind;
  minutes: number;
  at: number;
  note: string;
}

export interface TimeBalanceHistory {
  /** Newest first; undefined while the first page loads. */
  entries: LedgerEntry[] | undefined;
  canLoadMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export interface TimeBalanceCardProps {
  /** undefined while loading: the card shows a skeleton of the same size. */
  balance: TimeBalance | undefined;
  history?: TimeBalanceHistory;
  /** Minutes bought and used per month, oldest first, for the dialog's chart; undefined while loading. */
  months?: readonly MonthlyMinutes[];
  /** Lets the page subscribe to the history and the months only while the dialog is open. */
  onDetailsOpenChange?: (open: boolean) => void;
  /** The member's IANA time zone, for dates. */
  timeZone: string;
}

const pulse = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";
const RING_RADIUS = 42;
const RING_CIRCUMFERENCE = 2 * Math.PI * RING_RADIUS;

function BalanceRing({ share, tone }: { share: number; tone: BalanceTone }) {
  const look = BALANCE_TONE_STYLES[tone];
  return (
    <div className="relative size-32 shrink-0">
      <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden data-testid="balance-ring" data-tone={tone}>
        <circle cx="50" cy="50" r={RING_RADIUS} fill="none" strokeWidth="10" className="stroke-muted" />
        {share > 0 ? (
          <circle
            cx="50"
            cy="50"
            r={RING_RADIUS}
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={RING_CIRCUMFERENCE}
            strokeDashoffset={RING_CIRCUMFERENCE * (1 - share)}
            className={cn(look.stroke, "transition-[stroke-dashoffset] duration-200 motion-reduce:transition-none")}
          />
        ) : null}
      </svg>
      <look.icon className={cn("absolute inset-0 m-auto size-10", look.text)} aria-hidden />
    </div>
  );
}

function BalanceWarning({ remaining }: { remaining: number }) {
  const warning = balanceWarning(remaining);
  // Always rendered, so a balance that drops while the page is open is announced.
  return (
    <div aria-live="polite">
      {warning ? (
        <p
          className={cn(
            "flex items-start gap-2 rounded-lg border p-3 text-sm font-medium",
            remaining <= 0
              ? "border-destructive/40 bg-destructive/10 text-destructive"
              : "border-warning/40 bg-warning-muted text-warning-foreground",
          )}
        >
          {remaining <= 0 ? (
            <BALANCE_TONE_STYLES.red.icon className="mt-0.5 size-4 shrink-0" aria-hidden />
          ) : (
            <BALANCE_TONE_STYLES.yellow.icon className="mt-0.5 size-4 shrink-0" aria-hidden />
          )}
          {warning}
        </p>
      ) : null}
    </div>
  );
}

function TopUpLink({ variant }: { variant: "default" | "outline" }) {
  return (
    <Button asChild variant={variant}>
      <a href={DASHBOARD_URLS.topUp}>
        <PlusIcon aria-hidden />
        Top up
      </a>
    </Button>
  );
}

function signedMinutes(minutes: number): string {
  return `${minutes < 0 ? "\u2212" : "+"}${formatDuration(Math.abs(minutes))}`;
}

function HistoryTable({ history, timeZone }: { history: TimeBalanceHistory | undefined; timeZone: string }) {
  const entries = history?.entries;
  if (entries === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          Loading your history
        </span>
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} aria-hidden className={cn(pulse, "h-10 w-full")} />
        ))}
      </div>
    );
  }
  if (entries.length === 0)
    return <p className="text-sm text-muted-foreground">No history yet. Your purchases and bookings will show up here.</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">Time balance history, newest first</caption>
          <thead className="bg-muted text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Date
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                What
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Minutes
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t align-top">
                <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">{dateTime(entry.at, timeZone)}</td>
                <td className="px-3 py-2">
                  <span className="font-medium">{LEDGER_KIND_LABELS[entry.kind]}</span>
                  {entry.note ? <span className="block break-words text-muted-foreground">{entry.note}</span> : null}
                </td>
                <td className={cn("px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums", entry.minutes >= 0 && "text-success")}>
                  {signedMinutes(entry.minutes)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {history?.canLoadMore ? (
        <Button variant="outline" className="self-start" onClick={history.onLoadMore} disabled={history.loadingMore}>
          {history.loadingMore ? "Loading..." : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}

const monthsShown = `the last ${MONTHLY_CHART_MONTHS} months`;

/** The chart of minutes bought and used per month, with the same figures as a table for screen readers. */
function MonthlyMinutesSummary({ months }: { months: readonly MonthlyMinutes[] | undefined }) {
  if (months === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          Loading your minutes by month
        </span>
        <Skeleton className="h-5 w-64 max-w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  }
  const bought = months.reduce((sum, month) => sum + month.boughtMinutes, 0);
  const used = months.reduce((sum, month) => sum + month.usedMinutes, 0);
  if (bought === 0 && used === 0)
    return <p className="text-sm text-muted-foreground">Nothing bought or booked in {monthsShown}. Top up to book your next session.</p>;
  return (
    <>
      <p className="text-sm text-muted-foreground">
        In {monthsShown}: {formatDuration(bought)} bought, {formatDuration(used)} used.
      </p>
      <Suspense fallback={<Skeleton className="h-56 w-full" />}>
        <MonthlyMinutesChart months={months} />
      </Suspense>
      <table className="sr-only">
        <caption>Minutes bought and used per month, {monthsShown}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Bought</th>
            <th scope="col">Used</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month, "long")}</th>
              <td>{formatDuration(month.boughtMinutes)}</td>
              <td>{formatDuration(month.usedMinutes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function BalanceSkeleton() {
  return (
    <CardContent aria-busy="true" className="flex flex-wrap items-center gap-6">
      <span className="sr-only" role="status">
        Loading your time balance
      </span>
      <div aria-hidden className="size-32 shrink-0 animate-pulse rounded-full bg-muted motion-reduce:animate-none" />
      <div aria-hidden className="flex flex-1 flex-col gap-3">
        <div className={cn(pulse, "h-9 w-40")} />
        <div className={cn(pulse, "h-5 w-28")} />
        <div className={cn(pulse, "h-5 w-48")} />
      </div>
    </CardContent>
  );
}

/** A member without minutes yet: the next step leads, with no ring, no percentage and no red. */
function FirstBalance() {
  return (
    <>
      <CardContent className="flex items-start gap-4">
        <ClockIcon className="mt-1 size-8 shrink-0 text-primary" aria-hidden />
        <div className="flex flex-col gap-1">
          <p className="text-xl font-semibold">{FIRST_BALANCE_TEXTS.headline}</p>
          <p className="text-muted-foreground">{FIRST_BALANCE_TEXTS.body}</p>
        </div>
      </CardContent>
      <CardFooter className="flex flex-wrap gap-3">
        <Button asChild>
          <a href={DASHBOARD_URLS.topUp}>
            <PlusIcon aria-hidden />
            {FIRST_BALANCE_TEXTS.buy}
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={DASHBOARD_URLS.freeIntro}>
            <CalendarPlusIcon aria-hidden />
            {FIRST_BALANCE_TEXTS.intro}
          </a>
        </Button>
      </CardFooter>
    </>
  );
}

/** The card and its title, whatever state the balance is in. */
function BalanceCardFrame({ children }: { children: ReactNode }) {
  return (
    <Card aria-labelledby="time-balance-title">
      <CardHeader>
        <CardTitle id="time-balance-title">Time balance</CardTitle>
      </CardHeader>
      {children}
    </Card>
  );
}

/** The member's minutes: a ring, hours and minutes, the SPEC §8 warnings, and the ledger on demand. */
export function TimeBalanceCard({ balance, history, months, onDetailsOpenChange, timeZone }: TimeBalanceCardProps) {
  const [open, setOpen] = useState(false);
  function changeOpen(next: boolean) {
    // The chart's code loads alongside its data, not after it.
    if (next) void loadChart();
    setOpen(next);
    onDetailsOpenChange?.(next);
  }

  if (balance === undefined) {
    return (
      <BalanceCardFrame>
        <BalanceSkeleton />
      </BalanceCardFrame>
    );
  }

  const { totalMinutes, consumedMinutes, remainingMinutes } = balance;
  if (neverHadMinutes(totalMinutes)) {
    return (
      <BalanceCardFrame>
        <FirstBalance />
      </BalanceCardFrame>
    );
  }
  const tone = balanceTone(remainingMinutes, totalMinutes);
  const look = BALANCE_TONE_STYLES[tone];
  const low = balanceWarning(remainingMinutes) !== null;
  return (
    <BalanceCardFrame>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-6">
          <BalanceRing share={balanceShare(remainingMinutes, totalMinutes)} tone={tone} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="text-3xl font-bold tabular-nums">{formatDuration(remainingMinutes)}</p>
            <p className="text-sm text-muted-foreground">left of {formatDuration(totalMinutes)}</p>
            <p className={cn("flex items-center gap-1.5 text-sm font-semibold", look.text)}>
              <look.icon className="size-4 shrink-0" aria-hidden />
              {percentLeft(remainingMinutes, totalMinutes)}% left
            </p>
            <p className="text-sm text-muted-foreground">Used {formatDuration(consumedMinutes)}</p>
            {balance.expiresAt !== undefined ? (
              <p className="text-sm text-muted-foreground">Expires {dateTime(balance.expiresAt, timeZone)}</p>
            ) : null}
          </div>
        </div>
        <BalanceWarning remaining={remainingMinutes} />
      </CardContent>
      <CardFooter>
        {low ? <TopUpLink variant="default" /> : null}
        <Dialog open={open} onOpenChange={changeOpen}>
          <DialogTrigger asChild>
            <Button variant="outline">
              <ListIcon aria-hidden />
              Details
            </Button>
          </DialogTrigger>
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>Time balance details</DialogTitle>
              <DialogDescription>
                Minutes bought and used by month, then every purchase, booking, refund and expiry, newest first.
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-3 gap-3 rounded-lg bg-muted p-4 text-sm">
              <div>
                <dt className="text-muted-foreground">Total</dt>
                <dd className="font-semibold tabular-nums">{formatDuration(totalMinutes)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Used</dt>
                <dd className="font-semibold tabular-nums">{formatDuration(consumedMinutes)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Left</dt>
                <dd className="font-semibold tabular-nums">{formatDuration(remainingMinutes)}</dd>
              </div>
            </dl>
            {balance.lastPurchaseAt !== undefined ? (
              <p className="text-sm text-muted-foreground">Last top-up {dateTime(balance.lastPurchaseAt, timeZone)}</p>
            ) : null}
            <section aria-labelledby="monthly-minutes-title" className="flex flex-col gap-2">
              <h3 id="monthly-minutes-title" className="font-semibold">
                Minutes by month
              </h3>
              <MonthlyMinutesSummary months={months} />
            </section>
            <HistoryTable history={history} timeZone={timeZone} />
            <DialogFooter>
              <TopUpLink variant="default" />
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardFooter>
    </BalanceCardFrame>
  );
}
