import type { MonitoringOverview } from "@convex/model/monitoringShapes";
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { usePrefersReducedMotion } from "@/lib/use-reduced-motion";
import { formatCount, formatLoadTime } from "./figures";

const tick = { fill: "var(--muted-foreground)", fontSize: 12 };
const tooltip = {
  contentStyle: { background: "var(--popover)", borderColor: "var(--border)", borderRadius: "var(--radius)" },
  // The series colour is for the marks; text stays in the theme's text colour, for contrast.
  labelStyle: { color: "var(--popover-foreground)", fontWeight: 600 },
  itemStyle: { color: "var(--popover-foreground)" },
  separator: ": ",
} as const;

type Days = MonitoringOverview["days"];

/** "2026-03-01" as "Mar 1", read as UTC like the day itself. */
const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * Pageviews per day as bars, or mean route load time per day as a line (days without timed views
 * leave a gap). Loaded on its own (recharts is large) and hidden from screen readers: the table
 * beside it says the same in words.
 */
export default function DailyChart({ days, metric }: { days: Days; metric: "pageviews" | "averageLoadMs" }) {
  const animate = !usePrefersReducedMotion();
  const data = days.map((day) => ({ ...day, label: dayLabel(day.day) }));
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis dataKey="label" tickLine={false} axisLine={false} tick={tick} minTickGap={16} />
    </>
  );
  return (
    <div aria-hidden className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        {metric === "pageviews" ? (
          <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            {axes}
            <YAxis tickLine={false} axisLine={false} tick={tick} width={48} allowDecimals={false} tickFormatter={formatCount} />
            <Tooltip {...tooltip} isAnimationActive={animate} cursor={{ fill: "var(--muted)" }} formatter={(value) => formatCount(Number(value))} />
            <Bar dataKey="pageviews" name="Pageviews" fill="var(--chart-1)" radius={[4, 4, 0, 0]} isAnimationActive={animate} />
          </BarChart>
        ) : (
          <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            {axes}
            <YAxis tickLine={false} axisLine={false} tick={tick} width={64} tickFormatter={formatLoadTime} />
            <Tooltip {...tooltip} isAnimationActive={animate} formatter={(value) => formatLoadTime(Number(value))} />
            <Line type="monotone" dataKey="averageLoadMs" name="Mean load time" stroke="var(--chart-2)" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={animate} />
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
