import { api } from "@convex/_generated/api";
import { formatPrice } from "@convex/model/products";
import { useQuery } from "convex/react";
import { lazy, Suspense, useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { monthLabel } from "@/features/dashboard/time-balance";
import { shortDate, type BillingOverview } from "./billing";
import { PlanCard } from "./plan-card";

// recharts is large: its chunk is fetched only once there is spending to draw.
const SpendChart = lazy(() => import("./spend-chart"));

function TableSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-2">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

function PaymentHistory({ payments, timeZone }: { payments: BillingOverview["payments"] | undefined; timeZone: string }) {
  if (payments === undefined) return <TableSkeleton label="Loading your payments" />;
  if (payments.length === 0)
    return <p className="text-muted-foreground">No payments yet. Each payment will show up here with its date and amount.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">Payment history, newest first</caption>
        <thead className="bg-muted text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment._id} className="border-t align-top">
              <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                <time dateTime={new Date(payment.paidAt).toISOString()}>{shortDate(payment.paidAt, timeZone)}</time>
              </td>
              <td className="px-3 py-2 break-words">{payment.description}</td>
              <td className="px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums">
                {formatPrice(payment.amount, payment.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Spending per month as a chart, with a sentence and a table that say the same for screen readers. */
function SpendSummary({ spend }: { spend: BillingOverview["spend"] | undefined }) {
  if (spend === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only" role="status">
          Loading your spending
        </span>
        <Skeleton className="h-5 w-64 max-w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  }
  const total = spend.reduce((sum, month) => sum + month.amount, 0);
  const period = `the last ${spend.length} months`;
  if (total === 0) return <p className="text-muted-foreground">Nothing spent in {period}.</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        {formatPrice(total)} spent in {period}.
      </p>
      <Suspense fallback={<Skeleton className="h-56 w-full" />}>
        <SpendChart months={spend} />
      </Suspense>
      <table className="sr-only">
        <caption>Spending per month, {period}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Spent</th>
          </tr>
        </thead>
        <tbody>
          {spend.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month, "long")}</th>
              <td>{formatPrice(month.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The plan first (the one place to act), then payments and spending: the billing page's content,
 * also the account settings dialog's Billing tab. Heading ids are its own, so both can be on screen.
 */
export function BillingSections() {
  const overview = useQuery(api.billing.overview);
  const timeZone = useTimeZone();
  const uid = useId();
  return (
    <>
      <PlanCard overview={overview} timeZone={timeZone} />
      <Card aria-labelledby={`${uid}-payments`}>
        <CardHeader>
          <CardTitle id={`${uid}-payments`}>Payment history</CardTitle>
          <CardDescription>Newest first. Dates are in your time zone.</CardDescription>
        </CardHeader>
        <CardContent>
          <PaymentHistory payments={overview?.payments} timeZone={timeZone} />
        </CardContent>
      </Card>
      <Card aria-labelledby={`${uid}-spend`}>
        <CardHeader>
          <CardTitle id={`${uid}-spend`}>Spending by month</CardTitle>
        </CardHeader>
        <CardContent>
          <SpendSummary spend={overview?.spend} />
        </CardContent>
      </Card>
    </>
  );
}

/** /dashboard/billing. */
export function BillingPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Billing</h1>
        <p className="text-muted-foreground">Your plan, your payments and what you've spent.</p>
      </div>
      <BillingSections />
    </div>
  );
}
