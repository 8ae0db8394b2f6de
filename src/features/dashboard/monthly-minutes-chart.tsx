import { hoursFromMinutes } from "@convex/model/dashboard";
import type { MonthlyMinutes } from "@convex/model/timeBalance";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDuration } from "@/lib/relative-time";
import { usePrefersReducedMotion } from "@/lib/use-reduced-motion";
import { monthLabel } from "./time-balance";

const tick = { fill: "var(--muted-foreground)", fontSize: 12 };

/** Axis ticks stay short: "30 min", "2.5 h". */
function axisDuration(minutes: number): string {
  return minutes < 60 ? `${minutes} min` : `${hoursFromMinutes(minutes)} h`;
}

/**
 * Minutes bought and used per month as bars. Loaded on its own (recharts is large) and hidden from
 * screen readers: the table beside it says the same in words. Colours are theme tokens, so it
 * follows dark mode.
 */
export default function MonthlyMinutesChart({ months }: { months: readonly MonthlyMinutes[] }) {
  const animate = !usePrefersReducedMotion();
  const data = months.map((month) => ({ label: monthLabel(month.month, "short"), bought: month.boughtMinutes, used: month.usedMinutes }));
  return (
    <div aria-hidden className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={tick} />
          <YAxis tickLine={false} axisLine={false} tick={tick} width={56} allowDecimals={false} tickFormatter={axisDuration} />
          <Tooltip
            isAnimationActive={animate}
            cursor={{ fill: "var(--muted)" }}
            contentStyle={{ background: "var(--popover)", borderColor: "var(--border)", borderRadius: "var(--radius)" }}
            // The series colours are for bars; text stays in the theme's text colour, for contrast.
            labelStyle={{ color: "var(--popover-foreground)", fontWeight: 600 }}
            itemStyle={{ color: "var(--popover-foreground)" }}
            separator=": "
            formatter={(minutes) => formatDuration(Number(minutes))}
          />
          <Legend formatter={(name) => <span className="text-foreground">{name}</span>} />
          <Bar dataKey="bought" name="Bought" fill="var(--chart-1)" radius={[4, 4, 0, 0]} isAnimationActive={animate} />
          <Bar dataKey="used" name="Used" fill="var(--chart-2)" radius={[4, 4, 0, 0]} isAnimationActive={animate} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
