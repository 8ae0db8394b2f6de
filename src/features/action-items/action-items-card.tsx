import { api } from "@convex/_generated/api";
import { ACTION_ITEMS_URL, DASHBOARD_CARD_ITEMS } from "@convex/model/actionItemRules";
import { Link } from "@tanstack/react-router";
import { useQuery } from "convex/react";
import { ArrowRightIcon, ListChecksIcon, PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { DueLabel, PriorityLabel, useToday } from "./shared";

const pulse = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

function CardSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        Loading your action items
      </span>
      {Array.from({ length: DASHBOARD_CARD_ITEMS }, (_, index) => (
        <div key={index} aria-hidden className="flex flex-col gap-2 rounded-lg border p-3">
          <div className={cn(pulse, "h-5 w-48 max-w-full")} />
          <div className={cn(pulse, "h-4 w-32")} />
        </div>
      ))}
    </div>
  );
}

/** The dashboard's action items card (SPEC §2): the most pressing open items and the way to all of them. */
export function ActionItemsCard() {
  const card = useQuery(api.actionItems.card);
  const today = useToday();
  const more = card ? card.openCount - card.items.length : 0;
  return (
    <Card aria-labelledby="action-items-card-title">
      <CardHeader>
        <CardTitle id="action-items-card-title">Action items</CardTitle>
        <CardAction>
          <Button asChild variant="outline" size="sm">
            <Link to={ACTION_ITEMS_URL}>
              <ListChecksIcon aria-hidden />
              View All
            </Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {card === undefined ? (
          <CardSkeleton />
        ) : card.items.length === 0 && card.totalCount > 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p className="font-medium">All caught up</p>
            <p className="text-sm text-muted-foreground">Every action item is done. Nice work.</p>
          </div>
        ) : card.items.length === 0 ? (
          <div className="flex flex-col items-start gap-3">
            <p className="font-medium">No action items yet</p>
            <p className="text-sm text-muted-foreground">Commitments from your sessions will show up here, one step at a time.</p>
            <Button asChild>
              <Link to={ACTION_ITEMS_URL}>
                <PlusIcon aria-hidden />
                Create First Item
              </Link>
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground">
              {card.pendingCount} pending · {card.activeCount} active
            </p>
            <ul className="flex flex-col gap-2" aria-live="polite">
              {card.items.map((item) => (
                <li key={item._id} className="flex flex-col gap-1 rounded-lg border p-3">
                  <span className="font-semibold break-words">{item.title}</span>
                  <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
                    <PriorityLabel priority={item.priority} />
                    <DueLabel item={item} today={today} />
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      {more > 0 ? (
        <CardFooter>
          <Link to={ACTION_ITEMS_URL} className={linkClass}>
            View {more} More Items
            <ArrowRightIcon className="size-4" aria-hidden />
          </Link>
        </CardFooter>
      ) : null}
    </Card>
  );
}
