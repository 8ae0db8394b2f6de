import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { usePrefersReducedMotion } from "@/lib/use-reduced-motion";
import { formatPercent } from "./format";

const tick = { fill: "var(--muted-foreground)", fontSize: 12 };
const FILLS = ["var(--chart-1)", "var(--chart-2)"] as const;

export interface RateSeries {
  key: string;
  name: string;
}

/**
 * Percentages per group as bars (template categories, test variants). Loaded on its own
 * (recharts is large) and hidden from screen readers: the table beside it says the same.
 */
export default function RateBarChart({ data, series }: { data: readonly ({ label: string } & Record<string, number | string>)[]; series: readonly RateSeries[] }) {
  const animate = !usePrefersReducedMotion();
  return (
    <div aria-hidden className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={[...data]} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={tick} />
          <YAxis tickLine={false} axisLine={false} tick={tick} width={48} tickFormatter={(value: number) => formatPercent(value)} />
          <Tooltip
            isAnimationActive={animate}
            cursor={{ fill: "var(--muted)" }}
            contentStyle={{ background: "var(--popover)", borderColor: "var(--border)", borderRadius: "var(--radius)" }}
            // The bar colours are for bars; text stays in the theme's text colour, for contrast.
            labelStyle={{ color: "var(--popover-foreground)", fontWeight: 600 }}
            itemStyle={{ color: "var(--popover-foreground)" }}
            separator=": "
            formatter={(value) => formatPercent(Number(value))}
          />
          {series.length > 1 ? <Legend formatter={(name) => <span className="text-foreground">{name}</span>} /> : null}
          {series.map((item, index) => (
            <Bar key={item.key} dataKey={item.key} name={item.name} fill={FILLS[index % FILLS.length]} radius={[4, 4, 0, 0]} isAnimationActive={animate} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
