import type { CognitiveLevel } from "@convex/model/observability";
import { SignalHighIcon, SignalLowIcon, SignalMediumIcon, type LucideIcon } from "lucide-react";
import { Status, type Tone } from "@/components/status";

const LEVELS: Record<CognitiveLevel, { label: string; icon: LucideIcon; tone: Tone }> = {
  low: { label: "Low", icon: SignalLowIcon, tone: "good" },
  medium: { label: "Medium", icon: SignalMediumIcon, tone: "neutral" },
  high: { label: "High", icon: SignalHighIcon, tone: "warning" },
};

/** SPEC §9 cognitive level of a route's load time, as a word with a signal icon. */
export function CognitiveLevelWord({ level }: { level: CognitiveLevel }) {
  const { label, icon, tone } = LEVELS[level];
  return (
    <Status tone={tone} icon={icon}>
      {label}
    </Status>
  );
}
