import type { EmailDashboardData } from "@convex/model/emailDashboard";
import {
  EMAIL_DASHBOARD_TAB_LABELS,
  EMAIL_DASHBOARD_TABS,
  EMAIL_REFRESH_INTERVAL_SECONDS,
  EMAIL_SYSTEM_TEXTS,
  type EmailDashboardTab,
} from "@convex/model/emailSystem";
import { AlertTriangleIcon, RefreshCwIcon } from "lucide-react";
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useTimeZone } from "@/features/auth/viewer";
import { clockTime, timeAgo } from "@/lib/relative-time";
import { useNow } from "@/lib/use-now";
import { errorMessage } from "@/lib/user-error";
import { ErrorDetails } from "./parts";
import { EMAIL_UI_TEXTS } from "./texts";

export interface EmailDashboardProps {
  /** undefined while loading. */
  data: EmailDashboardData | undefined;
  /** Set when the data failed to load: the page shows the error screen instead. */
  error?: unknown;
  tab: EmailDashboardTab;
  onTabChange: (tab: EmailDashboardTab) => void;
  /** Measures afresh (the live data then follows); called by the timer and by "Refresh now". */
  onRefresh: () => Promise<void>;
  /** Loads the data again after the error screen. */
  onRetry: () => void;
  /** Each tab's content, drawn from the loaded data; only the open tab's is rendered. */
  tabs: Record<EmailDashboardTab, (data: EmailDashboardData) => ReactNode>;
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/40 bg-card p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <AlertTriangleIcon className="size-5 text-destructive" aria-hidden />
        {EMAIL_SYSTEM_TEXTS.dashboardLoadFailed}
      </h2>
      <p className="text-muted-foreground">{EMAIL_UI_TEXTS.loadFailedBody}</p>
      <ErrorDetails error={error} />
      <Button onClick={onRetry}>{EMAIL_SYSTEM_TEXTS.retry}</Button>
    </div>
  );
}

/**
 * Only the clock time is announced, and only when the data changes; the "2 minutes ago" beside it
 * ticks silently, so screen readers are not interrupted every half minute.
 */
function LastUpdated({ at }: { at: number }) {
  const now = useNow(15_000);
  const timeZone = useTimeZone();
  return (
    <p className="text-sm text-muted-foreground">
      <span aria-live="polite">
        {EMAIL_UI_TEXTS.lastUpdated} <time dateTime={new Date(at).toISOString()}>{clockTime(at, now, timeZone)}</time>
      </span>{" "}
      <span>· {timeAgo(at, now)}</span>
    </p>
  );
}

/** /admin/email: the e-mail system at a glance, in six tabs, refreshed on a timer while that is on. */
export function EmailDashboard({ data, error, tab, onTabChange, onRefresh, onRetry, tabs }: EmailDashboardProps) {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const switchId = useId();
  const seconds = data?.refreshInterval ?? EMAIL_REFRESH_INTERVAL_SECONDS;

  async function refresh() {
    // A slow refresh is never stacked with the next one.
    if (inFlight.current) return;
    inFlight.current = true;
    setRefreshing(true);
    try {
      await onRefresh();
      setRefreshError(null);
    } catch (caught) {
      setRefreshError(errorMessage(caught, EMAIL_UI_TEXTS.refreshFailed));
    } finally {
      inFlight.current = false;
      setRefreshing(false);
    }
  }

  const tick = useEffectEvent(() => void refresh());
  useEffect(() => {
    if (!autoRefresh) return;
    const timer = window.setInterval(tick, seconds * 1000);
    return () => window.clearInterval(timer);
  }, [autoRefresh, seconds]);

  return (
    <section aria-labelledby="email-system-title" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-col gap-1">
          <h1 id="email-system-title" className="text-3xl font-bold">
            {EMAIL_UI_TEXTS.title}
          </h1>
          {data ? <LastUpdated at={data.lastUpdated} /> : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor={switchId} className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
            <Switch id={switchId} checked={autoRefresh} onCheckedChange={setAutoRefresh} />
            {EMAIL_UI_TEXTS.autoRefresh}
            <span className="font-normal text-muted-foreground">every {seconds} s</span>
          </label>
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCwIcon aria-hidden />
            {refreshing ? EMAIL_UI_TEXTS.refreshing : EMAIL_UI_TEXTS.refreshNow}
          </Button>
        </div>
      </div>
      <InlineError>{refreshError}</InlineError>

      {error !== undefined ? (
        <LoadFailed error={error} onRetry={onRetry} />
      ) : (
        <>
          {data?.error ? (
            <p role="status" className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning-muted p-3 text-sm text-warning-foreground">
              <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              {data.error}
            </p>
          ) : null}
          <Tabs value={tab} onValueChange={(value) => onTabChange(value as EmailDashboardTab)}>
            <TabsList aria-label="Email system sections">
              {EMAIL_DASHBOARD_TABS.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {EMAIL_DASHBOARD_TAB_LABELS[value]}
                </TabsTrigger>
              ))}
            </TabsList>
            {EMAIL_DASHBOARD_TABS.map((value) => (
              <TabsContent key={value} value={value}>
                {value !== tab ? null : data ? tabs[value](data) : <LoadingList label={EMAIL_UI_TEXTS.loading} rows={4} />}
              </TabsContent>
            ))}
          </Tabs>
        </>
      )}
    </section>
  );
}
