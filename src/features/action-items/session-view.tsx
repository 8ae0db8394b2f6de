import type { Id } from "@convex/_generated/dataModel";
import { actionItemStats, isOpenItem, sortItems } from "@convex/model/actionItemRules";
import { BellRingIcon, ClipboardListIcon, PlusIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { fieldControlClass } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { LoadingList } from "@/components/ui/skeleton";
import { useTimeZone } from "@/features/auth/viewer";
import { whenWithTime } from "@/lib/relative-time";
import { cn } from "@/lib/utils";
import { ActionItemCard } from "./action-item-card";
import { type ActionItemView, type SessionOption } from "./shared";

const SESSION_VIEW_FILTERS = { all: "All Sessions", upcoming: "Upcoming", past: "Past Sessions" } as const;
type SessionViewFilter = keyof typeof SESSION_VIEW_FILTERS;
const SESSION_SORTS = { date: "By Date", count: "By Action Count" } as const;
type SessionSort = keyof typeof SESSION_SORTS;

/** A session still to come: booked and not over yet. */
function isUpcoming(session: SessionOption, now: number): boolean {
  return session.status === "scheduled" && session.endsAt > now;
}

/** The next session to start, and the open items of the same member and coach to look at before it. */
function preSessionReview(sessions: readonly SessionOption[], items: readonly ActionItemView[], now: number) {
  const next = sessions
    .filter((session) => session.status === "scheduled" && session.startsAt > now)
    .sort((a, b) => a.startsAt - b.startsAt)[0];
  if (!next) return null;
  const open = items.filter((item) => isOpenItem(item) && item.memberId === next.memberId && item.coachId === next.coachId);
  return open.length > 0 ? { session: next, items: open } : null;
}

/**
 * The sessions the filter keeps, in the chosen order. By date, upcoming sessions come soonest first
 * (the next one matters most); otherwise the latest comes first.
 */
function timeline(
  sessions: readonly SessionOption[],
  countOf: (id: Id<"sessions">) => number,
  filter: SessionViewFilter,
  sort: SessionSort,
  now: number,
): SessionOption[] {
  const kept = sessions.filter((session) => filter === "all" || isUpcoming(session, now) === (filter === "upcoming"));
  const byDate = (a: SessionOption, b: SessionOption) => (filter === "upcoming" ? a.startsAt - b.startsAt : b.startsAt - a.startsAt);
  return kept.sort(sort === "count" ? (a, b) => countOf(b._id) - countOf(a._id) || byDate(a, b) : byDate);
}

function PreSessionReview({
  review,
  viewerId,
  now,
  onShow,
}: {
  review: NonNullable<ReturnType<typeof preSessionReview>>;
  viewerId: Id<"users">;
  now: number;
  onShow: () => void;
}) {
  const timeZone = useTimeZone();
  const { session, items } = review;
  const other = session.coachId === viewerId ? session.memberName : session.coachName;
  return (
    <section
      aria-labelledby="pre-session-review-title"
      className="flex flex-col items-start gap-3 rounded-xl border border-primary/40 bg-accent p-5 text-accent-foreground"
    >
      <h2 id="pre-session-review-title" className="flex items-center gap-2 text-base font-semibold">
        <ClipboardListIcon className="size-5 text-primary" aria-hidden />
        Pre-Session Review
      </h2>
      <p className="text-sm">
        {session.title} with {other} starts {whenWithTime(session.startsAt, now, timeZone)}. {items.length} open{" "}
        {items.length === 1 ? "item is" : "items are"} waiting; a quick look now makes the session easier.
      </p>
      <Button variant="outline" onClick={onShow}>
        Show these items
      </Button>
    </section>
  );
}

export interface SessionViewProps {
  items: ActionItemView[];
  /** undefined while loading. */
  sessions: SessionOption[] | undefined;
  today: string;
  now: number;
  viewerId: Id<"users">;
  viewerIsCoach: boolean;
  onOpen: (item: ActionItemView) => void;
  onEdit: (item: ActionItemView) => void;
  onCreate: (sessionId: Id<"sessions">) => void;
}

/** The Session View tab (SPEC §2): each session with its items and how far along they are. */
export function SessionView({ items, sessions, today, now, viewerId, viewerIsCoach, onOpen, onEdit, onCreate }: SessionViewProps) {
  const timeZone = useTimeZone();
  const [filter, setFilter] = useState<SessionViewFilter>("all");
  const [sort, setSort] = useState<SessionSort>("date");
  const [expanded, setExpanded] = useState<string[]>([]);
  const filterId = useId();
  const sortId = useId();
  const bySession = useMemo(() => {
    const groups = new Map<Id<"sessions">, ActionItemView[]>();
    for (const item of items) groups.set(item.sessionId, [...(groups.get(item.sessionId) ?? []), item]);
    return groups;
  }, [items]);

  if (sessions === undefined) return <LoadingList label="Loading your sessions" />;
  const review = preSessionReview(sessions, items, now);
  const shown = timeline(sessions, (id) => bySession.get(id)?.length ?? 0, filter, sort, now);

  return (
    <div className="flex flex-col gap-5">
      {review ? (
        <PreSessionReview
          review={review}
          viewerId={viewerId}
          now={now}
          onShow={() => {
            setFilter("all");
            setExpanded([...new Set(review.items.map((item) => item.sessionId))]);
          }}
        />
      ) : null}
      <section aria-labelledby="session-timeline-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="session-timeline-title" className="text-lg font-semibold">
            Session Timeline
          </h2>
          <div className="flex flex-wrap gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={filterId}>Show</Label>
              <select
                id={filterId}
                className={cn(fieldControlClass, "w-44")}
                value={filter}
                onChange={(event) => setFilter(event.target.value as SessionViewFilter)}
              >
                {Object.entries(SESSION_VIEW_FILTERS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={sortId}>Sort</Label>
              <select
                id={sortId}
                className={cn(fieldControlClass, "w-44")}
                value={sort}
                onChange={(event) => setSort(event.target.value as SessionSort)}
              >
                {Object.entries(SESSION_SORTS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        {shown.length === 0 ? (
          <p className="rounded-xl border bg-card p-5 text-muted-foreground">
            {sessions.length === 0
              ? "No sessions yet. Action items come from your sessions."
              : `No ${SESSION_VIEW_FILTERS[filter].toLowerCase()} to show.`}
          </p>
        ) : (
          <Accordion type="multiple" value={expanded} onValueChange={setExpanded} className="rounded-xl border bg-card px-4">
            {shown.map((session) => {
              const sessionItems = sortItems(bySession.get(session._id) ?? [], "priority", today);
              const stats = actionItemStats(sessionItems, today);
              const other = session.coachId === viewerId ? session.memberName : session.coachName;
              return (
                <AccordionItem key={session._id} value={session._id}>
                  <AccordionTrigger>
                    <span className="flex min-w-0 flex-1 flex-col gap-1.5">
                      <span className="flex flex-wrap items-center gap-2 font-semibold break-words text-foreground">
                        {session.title} · {other}
                        {viewerIsCoach && session.memberNudgesOn ? (
                          <Badge variant="secondary" className="font-normal">
                            <BellRingIcon aria-hidden />
                            Nudges on
                          </Badge>
                        ) : null}
                      </span>
                      <span className="text-sm font-normal text-muted-foreground">
                        {isUpcoming(session, now) ? "Upcoming" : "Past"} · {whenWithTime(session.startsAt, now, timeZone)}
                      </span>
                      <span className="flex items-center gap-3 text-sm font-normal">
                        <Progress value={stats.completionPercent} className="max-w-40" aria-hidden />
                        <span>
                          {stats.total === 0 ? "No action items" : `${stats.done} of ${stats.total} done`}
                          {stats.overdue > 0 ? ` · ${stats.overdue} overdue` : ""}
                        </span>
                      </span>
                    </span>
                  </AccordionTrigger>
                  <AccordionContent className="flex flex-col gap-3">
                    {sessionItems.length === 0 ? (
                      <p>No action items from this session yet.</p>
                    ) : (
                      <ul className="flex flex-col gap-3">
                        {sessionItems.map((item) => (
                          <ActionItemCard
                            key={item._id}
                            item={item}
                            today={today}
                            viewerIsCoach={viewerIsCoach}
                            onOpen={onOpen}
                            onEdit={onEdit}
                            showSession={false}
                          />
                        ))}
                      </ul>
                    )}
                    <Button variant="outline" className="self-start" onClick={() => onCreate(session._id)}>
                      <PlusIcon aria-hidden />
                      Add an item to this session
                    </Button>
                  </AccordionContent>
                </AccordionItem>
              );
            })}
          </Accordion>
        )}
      </section>
    </div>
  );
}
