import { api } from "@convex/_generated/api";
import type { Doc } from "@convex/_generated/dataModel";
import { ACTION_ITEMS_URL, isOpenItem, isOverdue, sortItems } from "@convex/model/actionItemRules";
import { Link } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import { ArrowRightIcon, ClipboardListIcon } from "lucide-react";
import { DueLabel, StatusLabel, useToday } from "@/features/action-items/shared";
import { LoadingList } from "@/components/ui/skeleton";

/** Enough to prepare with at a glance; the rest is one link away. */
const OPEN_COMMITMENTS_SHOWN = 5;

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

/**
 * "Before this session": the open action items of this member and coach, soonest due first, so
 * both come prepared (for the coach, the view of the client before the next session).
 */
export function OpenCommitments({ session }: { session: Pick<Doc<"sessions">, "memberId" | "coachId"> }) {
  const items = useQuery(api.actionItems.list, {});
  const today = useToday();
  // The list is already what the viewer may see; only this pair's open items matter here.
  const open =
    items &&
    sortItems(
      items.filter((item) => isOpenItem(item) && item.memberId === session.memberId && item.coachId === session.coachId),
      "dueDate",
      today,
    );
  const shown = open?.slice(0, OPEN_COMMITMENTS_SHOWN);

  return (
    <section aria-labelledby="open-commitments-title" className="flex flex-col gap-3 rounded-xl border bg-card p-5">
      <h2 id="open-commitments-title" className="flex items-center gap-2 text-lg font-semibold">
        <ClipboardListIcon className="size-5 text-primary" aria-hidden />
        Before this session
      </h2>
      {open === undefined || shown === undefined ? (
        <LoadingList label="Loading open commitments" rows={2} />
      ) : open.length === 0 ? (
        <p className="text-muted-foreground">No open commitments. A fresh start.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {open.length > shown.length
              ? `${shown.length} of ${open.length} open commitments, soonest due first.`
              : `${open.length} open ${open.length === 1 ? "commitment" : "commitments"}, soonest due first.`}
          </p>
          <ul className="flex flex-col gap-2">
            {shown.map((item) => (
              <li key={item._id} className="flex flex-col gap-1 rounded-lg border p-3">
                <span className="font-semibold break-words">{item.title}</span>
                <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
                  <StatusLabel status={isOverdue(item, today) ? "overdue" : item.status} />
                  <DueLabel item={item} today={today} />
                  <span className="text-xs text-muted-foreground">
                    <span className="sr-only">Responsible: </span>
                    {item.responsibleName}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to={ACTION_ITEMS_URL} className={linkClass}>
        View all action items
        <ArrowRightIcon className="size-4" aria-hidden />
      </Link>
    </section>
  );
}
