import type { Id } from "@convex/_generated/dataModel";
import { isOverdue, type OwnerFilter, type PRIORITY_FILTERS, type STATUS_FILTERS } from "@convex/model/actionItemRules";
import type { ActionItemView } from "./shared";

export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type PriorityFilter = (typeof PRIORITY_FILTERS)[number];

export interface Filters {
  owner: OwnerFilter;
  status: StatusFilter;
  priority: PriorityFilter;
}

export const NO_FILTERS: Filters = { owner: "all", status: "all", priority: "all" };

type Owned = Pick<ActionItemView, "commitmentType" | "coachId">;

/**
 * Whose commitment an item is, seen from the viewer: the viewer's own type is coach_commitment on
 * the sessions they coach and user_commitment on the ones they attend.
 */
export function ownerOf(item: Owned, viewerId: Id<"users">): Exclude<OwnerFilter, "all"> {
  if (item.commitmentType === "mutual_agreement") return "mutual";
  const own = item.coachId === viewerId ? "coach_commitment" : "user_commitment";
  return item.commitmentType === own ? "mine" : "other";
}

/** The items the dashboard tab's three filters let through; "overdue" is derived, never stored. */
export function filterItems<T extends ActionItemView>(items: readonly T[], filters: Filters, viewerId: Id<"users">, today: string): T[] {
  return items.filter(
    (item) =>
      (filters.owner === "all" || ownerOf(item, viewerId) === filters.owner) &&
      (filters.status === "all" || (filters.status === "overdue" ? isOverdue(item, today) : item.status === filters.status)) &&
      (filters.priority === "all" || item.priority === filters.priority),
  );
}
