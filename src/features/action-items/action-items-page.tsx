import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { useQuery } from "convex/react";
import { PlusIcon } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LoadingList } from "@/components/ui/skeleton";
import { useViewer } from "@/features/auth/viewer";
import { LoadErrorBoundary } from "@/features/sessions/page-states";
import { useNow } from "@/lib/use-now";
import { DashboardTab } from "./dashboard-tab";
import { ItemDetailsDialog } from "./item-details-dialog";
import { ItemFormDialog, type ItemFormTarget } from "./item-form-dialog";
import { SessionView } from "./session-view";
import { useToday, useViewerIsCoach, type ActionItemView } from "./shared";

const tabTrigger =
  "inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-xs";

function ActionItems({ viewerId }: { viewerId: Id<"users"> }) {
  const items = useQuery(api.actionItems.list);
  const sessions = useQuery(api.actionItems.sessions);
  const today = useToday();
  const now = useNow();
  const viewerIsCoach = useViewerIsCoach();
  const [form, setForm] = useState<ItemFormTarget | null>(null);
  const [detailsId, setDetailsId] = useState<Id<"actionItems"> | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // The open dialog follows the live item, so a status change shows at once.
  const details = items?.find((item) => item._id === detailsId) ?? null;

  const open = (item: ActionItemView) => setDetailsId(item._id);
  const edit = (item: ActionItemView) => {
    setDetailsId(null);
    setForm({ kind: "edit", item });
  };
  const shared = { today, viewerId, viewerIsCoach, onOpen: open, onEdit: edit };

  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Tabs.Root defaultValue="dashboard" className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Tabs.List aria-label="Action item views" className="inline-flex w-fit gap-1 rounded-lg bg-muted p-1">
            <Tabs.Trigger value="dashboard" className={tabTrigger}>
              My Dashboard
            </Tabs.Trigger>
            <Tabs.Trigger value="sessions" className={tabTrigger}>
              Session View
            </Tabs.Trigger>
          </Tabs.List>
          <Button onClick={() => setForm({ kind: "create" })}>
            <PlusIcon aria-hidden />
            New Action Item
          </Button>
        </div>
        <Tabs.Content value="dashboard" className="outline-none">
          {items === undefined ? (
            <LoadingList label="Loading your action items" />
          ) : (
            <DashboardTab items={items} {...shared} onCreate={() => setForm({ kind: "create" })} />
          )}
        </Tabs.Content>
        <Tabs.Content value="sessions" className="outline-none">
          {items === undefined ? (
            <LoadingList label="Loading your action items" />
          ) : (
            <SessionView
              items={items}
              sessions={sessions}
              now={now}
              {...shared}
              onCreate={(sessionId) => setForm({ kind: "create", sessionId })}
            />
          )}
        </Tabs.Content>
      </Tabs.Root>
      <ItemDetailsDialog item={details} today={today} viewerIsCoach={viewerIsCoach} onClose={() => setDetailsId(null)} onEdit={edit} />
      <ItemFormDialog
        target={form}
        sessions={sessions}
        viewerId={viewerId}
        viewerIsCoach={viewerIsCoach}
        today={today}
        onClose={() => setForm(null)}
        onSaved={setAnnouncement}
      />
    </>
  );
}

/** /dashboard/action-items: the viewer's commitments by priority and by session (SPEC §2). */
export function ActionItemsPage() {
  const viewer = useViewer();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Action Items</h1>
        <p className="text-muted-foreground">The commitments from your sessions, one clear step at a time.</p>
      </header>
      <LoadErrorBoundary action={null}>
        {viewer.status === "signed-in" ? <ActionItems viewerId={viewer.user._id} /> : <LoadingList label="Loading your action items" />}
      </LoadErrorBoundary>
    </div>
  );
}
