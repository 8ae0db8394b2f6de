import type { SystemHealth } from "@convex/model/emailDashboard";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";
import { formatCount, formatPercent, formatResourceAmount, resourceLevel, type ResourceKey, type ResourceLevel } from "./format";
import { EmptyState, FiguresTable, Panel } from "./parts";
import { StatusBadge } from "./status-badge";
import { EMAIL_UI_TEXTS, RESOURCE_LABELS } from "./texts";

const RESOURCE_KEYS = Object.keys(RESOURCE_LABELS) as ResourceKey[];

/** The bar's colour and, since colour is never alone, the words beside it. */
const LEVEL_LOOK: Record<ResourceLevel, { bar: string; words: string | null }> = {
  ok: { bar: "bg-primary", words: null },
  warning: { bar: "bg-warning", words: "Nearly used up" },
  critical: { bar: "bg-destructive", words: "Critical" },
};

function ResourceBar({ resourceKey, resource }: { resourceKey: ResourceKey; resource: SystemHealth["resources"][ResourceKey] }) {
  const label = RESOURCE_LABELS[resourceKey];
  if (resource === null) {
    return (
      <div className="flex flex-col gap-1">
        <p className="font-medium">{label}</p>
        <p className="text-sm text-muted-foreground">{EMAIL_UI_TEXTS.notMeasurable}</p>
      </div>
    );
  }
  const level = resourceLevel(resourceKey, resource.percentage);
  const look = LEVEL_LOOK[level];
  return (
    <div className="flex flex-col gap-2" data-level={level}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{label}</p>
        {look.words ? (
          <span className={cn("text-sm font-semibold", level === "critical" ? "text-destructive" : "text-warning-foreground")}>{look.words}</span>
        ) : null}
      </div>
      <Progress
        value={Math.min(100, Math.max(0, resource.percentage))}
        aria-label={label}
        aria-valuetext={formatPercent(resource.percentage)}
        indicatorClassName={look.bar}
      />
      <p className="text-sm text-muted-foreground tabular-nums">
        {formatResourceAmount(resourceKey, resource.used)} of {formatResourceAmount(resourceKey, resource.total)} used · {formatPercent(resource.percentage)}
      </p>
    </div>
  );
}

/** Services, queues and resources, each with its status in words. */
export function SystemHealthTab({ health }: { health: SystemHealth }) {
  return (
    <div className="flex flex-col gap-6">
      <Panel title="Services">
        {health.services.length === 0 ? (
          <EmptyState>No services measured yet.</EmptyState>
        ) : (
          <FiguresTable
            caption="Services the e-mail system depends on"
            captionHidden
            rows={health.services}
            rowKey={(row) => row.name}
            columns={[
              { header: "Service", cell: (row) => row.name },
              { header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
              { header: "Response time", cell: (row) => (row.responseTime === null ? "—" : `${formatCount(row.responseTime)} ms`) },
              { header: "Uptime (24 h)", cell: (row) => (row.uptime === null ? "—" : formatPercent(row.uptime)) },
              { header: "Errors (24 h)", cell: (row) => formatCount(row.errors) },
            ]}
          />
        )}
      </Panel>
      <Panel title="Queues">
        {health.queues.length === 0 ? (
          <EmptyState>No queues measured yet.</EmptyState>
        ) : (
          <FiguresTable
            caption="Work queues"
            captionHidden
            rows={health.queues}
            rowKey={(row) => row.name}
            columns={[
              { header: "Queue", cell: (row) => row.name },
              { header: "Status", cell: (row) => <StatusBadge status={row.status} /> },
              { header: "Waiting", cell: (row) => formatCount(row.depth) },
              { header: "Processing", cell: (row) => formatCount(row.processing) },
              { header: "Throughput", cell: (row) => `${formatCount(row.throughput)} / hour` },
            ]}
          />
        )}
      </Panel>
      <Panel title="Resources">
        <div className="grid gap-6 md:grid-cols-2">
          {RESOURCE_KEYS.map((key) => (
            <ResourceBar key={key} resourceKey={key} resource={health.resources[key]} />
          ))}
        </div>
      </Panel>
    </div>
  );
}
