import { CalendarDaysIcon, KeyboardIcon, SparklesIcon, WorkflowIcon, type LucideIcon } from "lucide-react";
import { createElement } from "react";
import type { ServiceSlug } from "./services";

const SERVICE_ICONS: Record<ServiceSlug, LucideIcon> = {
  "calendar-clarity": CalendarDaysIcon,
  "automation-mastery": WorkflowIcon,
  "ai-accelerator": SparklesIcon,
  "text-expansion": KeyboardIcon,
};

/** Decoration only: the icon of a service, hidden from assistive technology. */
export function ServiceIcon({ slug, className }: { slug: string; className?: string }) {
  return createElement(SERVICE_ICONS[slug as ServiceSlug] ?? SparklesIcon, { className, "aria-hidden": true });
}
