import type { Id } from "@convex/_generated/dataModel";
import {
  actionItemStats,
  DUE_SOON_DAYS,
  isDueSoon,
  isOpenItem,
  LIST_GROUPS,
  listGroup,
  OWNER_FILTER_LABELS,
  OWNER_FILTERS,
  PRIORITY_FILTERS,
  PRIORITY_SECTIONS,
  prioritySection,
  sortItems,
  STATUS_FILTERS,
  type ActionItemSort,
} from "@convex/model/actionItemRules";
import { AlertTriangleIcon, CalendarClockIcon, LayoutListIcon, ListIcon, PlusIcon } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { fieldControlClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { StatTiles } from "@/features/dashboard/stat-tiles";
import { cn } from "@/lib/utils";
import { ActionItemCard } from "./action-item-card";
import { filterItems, NO_FILTERS, type Filters, type PriorityFilter, type StatusFilter } from "./filters";
import { PRIORITY_LOOK, STATUS_LOOK, type ActionItemView } from "./shared";

type DashboardView = "sections" | "list";

const SORT_LABELS: Record<ActionItemSort, string> = { priority: "Priority", dueDate: "Due date", recent: "Recently changed" };

const statusFilterLabel = (filter: StatusFilter) => (filter === "all" ? "All statuses" : STATUS_LOOK[filter].label);
const priorityFilterLabel = (filter: PriorityFilter) => (filter === "all" ? "All priorities" : PRIORITY_LOOK[filter].label);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Select<T extends string>({
  label,
  value,
  options,
  labelOf,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly T[];
  labelOf: (option: T) => string;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-40 flex-1 flex-col gap-1.5 sm:flex-none">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={cn(fieldControlClass, "sm:w-48")} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Red only for overdue, amber for soon (UX.md); an icon and words carry the meaning too. */
function Banner({ tone, title, children }: { tone: "overdue" | "soon"; title: string; children: ReactNode }) {
  const Icon = tone === "overdue" ? AlertTriangleIcon : CalendarClockIcon;
  return (
    <section
      aria-label={title}
      className={cn(
        "flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border p-4",
        tone === "overdue" ? "border-destructive/50 bg-destructive/5" : "border-warning/50 bg-warning-muted",
      )}
    >
      <Icon className={cn("size-5 shrink-0", tone === "overdue" ? "text-destructive" : "text-warning-foreground")} aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className={cn("font-semibold", tone === "overdue" ? "text-destructive" : "text-warning-foreground")}>{title}</p>
        {children}
      </div>
    </section>
  );
}

function ItemList({ items, ...card }: { items: ActionItemView[] } & Omit<Parameters<typeof ActionItemCard>[0], "item">) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <ActionItemCard key={item._id} item={item} {...card} />
      ))}
    </ul>
  );
}

function Group({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
          {plural(count, "item", "items")}
        </span>
      </div>
      {children}
    </section>
  );
}

export interface DashboardTabProps {
  items: ActionItemView[];
  today: string;
  viewerId: Id<"users">;
  viewerIsCoach: boolean;
  onOpen: (item: ActionItemView) => void;
  onEdit: (item: ActionItemView) => void;
  onCreate: () => void;
}

/**
 * The My Dashboard tab (SPEC §2): running totals first, then what needs attention, then the items
 * by priority section or as a list grouped by status.
 */
export function DashboardTab({ items, today, viewerId, viewerIsCoach, onOpen, onEdit, onCreate }: DashboardTabProps) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [view, setView] = useState<DashboardView>("sections");
  const [sort, setSort] = useState<ActionItemSort>("priority");
  const card = { today, viewerIsCoach, onOpen, onEdit };

  if (items.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
        <p className="text-lg font-semibold">No action items yet</p>
        <p className="text-muted-foreground">Write down one small next step from a session. It will wait here for you.</p>
        <Button onClick={onCreate}>
          <PlusIcon aria-hidden />
          Create First Item
        </Button>
      </div>
    );
  }

  const stats = actionItemStats(items, today);
  const dueSoon = items.filter((item) => isDueSoon(item, today)).length;
  const shown = filterItems(items, filters, viewerId, today);
  const filtered = filters.owner !== "all" || filters.status !== "all" || filters.priority !== "all";
  const set =
    <K extends keyof Filters>(key: K) =>
    (value: Filters[K]) =>
      setFilters((current) => ({ ...current, [key]: value }));
  const ownerLabels = OWNER_FILTER_LABELS(viewerIsCoach);

  return (
    <div className="flex flex-col gap-6">
      <StatTiles
        label="Action item totals"
        tiles={[
          { label: "Total", value: stats.total },
          { label: "Done", value: stats.done },
          { label: "Overdue", value: stats.overdue },
          { label: "Completion", value: `${stats.completionPercent}%`, hint: `${stats.done} of ${stats.total} done` },
        ]}
      />

      {stats.overdue > 0 || dueSoon > 0 ? (
        <div className="flex flex-col gap-3">
          {stats.overdue > 0 ? (
            <Banner tone="overdue" title={`${plural(stats.overdue, "item is", "items are")} overdue`}>
              <p className="text-sm">Finish one, or move its due date to a day that works.</p>
              <Button variant="outline" className="mt-1 self-start" onClick={() => setFilters({ ...NO_FILTERS, status: "overdue" })}>
                Show overdue items
              </Button>
            </Banner>
          ) : null}
          {dueSoon > 0 ? (
            <Banner tone="soon" title={`${plural(dueSoon, "item is", "items are")} due within ${DUE_SOON_DAYS} days`}>
              <p className="text-sm">Nothing is late yet. One at a time is enough.</p>
            </Banner>
          ) : null}
        </div>
      ) : null}

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label="Owner"
            value={filters.owner}
            options={OWNER_FILTERS}
            labelOf={(owner) => ownerLabels[owner]}
            onChange={set("owner")}
          />
          <Select label="Status" value={filters.status} options={STATUS_FILTERS} labelOf={statusFilterLabel} onChange={set("status")} />
          <Select
            label="Priority"
            value={filters.priority}
            options={PRIORITY_FILTERS}
            labelOf={priorityFilterLabel}
            onChange={set("priority")}
          />
          {view === "list" ? (
            <Select
              label="Sort by"
              value={sort}
              options={Object.keys(SORT_LABELS) as ActionItemSort[]}
              labelOf={(by) => SORT_LABELS[by]}
              onChange={setSort}
            />
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div role="group" aria-label="View" className="inline-flex gap-1 rounded-lg bg-muted p-1">
            {(
              [
                ["sections", "By priority", LayoutListIcon],
                ["list", "List", ListIcon],
              ] as const
            ).map(([value, label, Icon]) => (
              <Button
                key={value}
                variant="ghost"
                size="sm"
                aria-pressed={view === value}
                className="aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-xs"
                onClick={() => setView(value)}
              >
                <Icon aria-hidden />
                {label}
              </Button>
            ))}
          </div>
          <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
            {filtered ? `Showing ${shown.length} of ${plural(items.length, "item", "items")}` : plural(items.length, "item", "items")}
          </p>
        </div>
      </div>

      {shown.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6">
          <p className="font-semibold">No action items match these filters.</p>
          <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        </div>
      ) : view === "sections" ? (
        PRIORITY_SECTIONS.map(({ key, label }) => {
          // Soonest due first; finished items step aside to the end of their section.
          const sorted = sortItems(
            shown.filter((item) => prioritySection(item, today) === key),
            "dueDate",
            today,
          );
          const sectionItems = [...sorted.filter(isOpenItem), ...sorted.filter((item) => !isOpenItem(item))];
          return sectionItems.length === 0 ? null : (
            <Group key={key} id={`section-${key}`} title={label} count={sectionItems.length}>
              <ItemList items={sectionItems} {...card} />
            </Group>
          );
        })
      ) : (
        LIST_GROUPS.map(({ key, label }) => {
          const groupItems = sortItems(shown, sort, today).filter((item) => listGroup(item, today) === key);
          return groupItems.length === 0 ? null : (
            <Group key={key} id={`group-${key}`} title={label} count={groupItems.length}>
              <ItemList items={groupItems} {...card} />
            </Group>
          );
        })
      )}
      {filtered && shown.length > 0 ? (
        <Button variant="ghost" className="self-start" onClick={() => setFilters(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
