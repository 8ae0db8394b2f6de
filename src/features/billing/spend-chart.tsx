import { formatPrice } from "@convex/model/products";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { monthLabel } from "@/features/dashboard/time-balance";
import { usePrefersReducedMotion } from "@/lib/use-reduced-motion";

const tick = { fill: "var(--muted-foreground)", fontSize: 12 };
const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/**
 * Dollars spent per month as bars. Loaded on its own (recharts is large) and hidden from screen
 * readers: the sentence and table beside it say the same in words. Colours are theme tokens.
 */
export default function SpendChart({ months }: { months: readonly { month: string; amount: number }[] }) {
  const animate = !usePrefersReducedMotion();
  const data = months.map((month) => ({ label: monthLabel(month.month, "short"), dollars: month.amount / 100 }));
  return (
    <div aria-hidden className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={tick} />
          <YAxis
            tickLine={false}
            axisLine={false}
            tick={tick}
            width={64}
            allowDecimals={false}
            tickFormatter={(value: number) => dollars.format(value)}
          />
          <Tooltip
            isAnimationActive={animate}
            cursor={{ fill: "var(--muted)" }}
            contentStyle={{ background: "var(--popover)", borderColor: "var(--border)", borderRadius: "var(--radius)" }}
            // The bar colour is for bars; text stays in the theme's text colour, for contrast.
            labelStyle={{ color: "var(--popover-foreground)", fontWeight: 600 }}
            itemStyle={{ color: "var(--popover-foreground)" }}
            separator=": "
            formatter={(value) => formatPrice(Math.round(Number(value) * 100))}
          />
          <Bar dataKey="dollars" name="Spent" fill="var(--chart-1)" radius={[4, 4, 0, 0]} isAnimationActive={animate} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
