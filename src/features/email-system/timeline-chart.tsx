import type { EmailTimeline } from "@convex/model/emailDashboard";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { usePrefersReducedMotion } from "@/lib/use-reduced-motion";
import { formatCount } from "./format";

const tick = { fill: "var(--muted-foreground)", fontSize: 12 };

/** Three lines apart in colour and in dash pattern, so they differ without colour too. */
const SERIES = [
  { key: "sent", name: "Sent", stroke: "var(--chart-1)", dash: undefined },
  { key: "opened", name: "Opened", stroke: "var(--chart-2)", dash: "6 3" },
  { key: "clicked", name: "Clicked", stroke: "var(--foreground)", dash: "2 3" },
] as const;

/**
 * Sends, opens and clicks per day. Loaded on its own (recharts is large) and hidden from screen
 * readers: the table beside it says the same in words. Colours are theme tokens.
 */
export default function TimelineChart({ timeline }: { timeline: EmailTimeline }) {
  const animate = !usePrefersReducedMotion();
  return (
    <div aria-hidden className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={timeline} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="day" tickLine={false} axisLine={false} tick={tick} minTickGap={16} />
          <YAxis tickLine={false} axisLine={false} tick={tick} width={48} allowDecimals={false} tickFormatter={formatCount} />
          <Tooltip
            isAnimationActive={animate}
            contentStyle={{ background: "var(--popover)", borderColor: "var(--border)", borderRadius: "var(--radius)" }}
            // The series colours are for lines; text stays in the theme's text colour, for contrast.
            labelStyle={{ color: "var(--popover-foreground)", fontWeight: 600 }}
            itemStyle={{ color: "var(--popover-foreground)" }}
            separator=": "
            formatter={(value) => formatCount(Number(value))}
          />
          <Legend formatter={(name) => <span className="text-foreground">{name}</span>} />
          {SERIES.map((series) => (
            <Line
              key={series.key}
              type="monotone"
              dataKey={series.key}
              name={series.name}
              stroke={series.stroke}
              strokeDasharray={series.dash}
              strokeWidth={2}
              dot={false}
              isAnimationActive={animate}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
