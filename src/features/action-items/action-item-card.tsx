import { api } from "@convex/_generated/api";
import { commitmentTypeLabel, isOverdue, type ActionItemStatus } from "@convex/model/actionItemRules";
import { useMutation } from "convex/react";
import { CheckIcon, EllipsisVerticalIcon, PencilIcon, PlayIcon } from "lucide-react";
import { useState } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

import { errorMessage } from "@/lib/user-error";
import { cn } from "@/lib/utils";
import { DueLabel, PriorityLabel, StatusLabel, type ActionItemView } from "./shared";

export interface ActionItemCardProps {
  item: ActionItemView;
  today: string;
  viewerIsCoach: boolean;
  onOpen: (item: ActionItemView) => void;
  onEdit: (item: ActionItemView) => void;
  /** Off inside a session's own accordion, where the session is already the heading. */
  showSession?: boolean;
}

/**
 * One action item: what, how pressing, whose. The title opens the details; the menu holds the
 * quick status changes (SPEC §4: Mark Complete unless completed, Start Progress unless in progress).
 */
export function ActionItemCard({ item, today, viewerIsCoach, onOpen, onEdit, showSession = true }: ActionItemCardProps) {
  const updateStatus = useMutation(api.actionItems.updateStatus);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = item.status === "completed";
  const titleId = `action-item-${item._id}`;

  async function setStatus(status: ActionItemStatus) {
    setSaving(true);
    setError(null);
    try {
      await updateStatus({ id: item._id, status });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <li aria-labelledby={titleId} className={cn("flex flex-col gap-2 rounded-xl border bg-card p-4", done && "bg-muted/40")}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 flex-1 text-base font-semibold">
          <button
            type="button"
            onClick={() => onOpen(item)}
            className={cn(
              "min-h-11 w-full rounded-md text-left break-words outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60",
              done && "text-muted-foreground line-through",
            )}
          >
            {item.title}
          </button>
        </h3>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" disabled={saving}>
              <EllipsisVerticalIcon aria-hidden />
              <span className="sr-only">Actions for {item.title}</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {done ? null : (
              <DropdownMenuItem onSelect={() => void setStatus("completed")}>
                <CheckIcon aria-hidden />
                Mark Complete
              </DropdownMenuItem>
            )}
            {item.status === "in_progress" ? null : (
              <DropdownMenuItem onSelect={() => void setStatus("in_progress")}>
                <PlayIcon aria-hidden />
                Start Progress
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={() => onEdit(item)}>
              <PencilIcon aria-hidden />
              Edit
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <StatusLabel status={isOverdue(item, today) ? "overdue" : item.status} />
        <PriorityLabel priority={item.priority} />
        <DueLabel item={item} today={today} />
      </div>
      <p className="text-sm text-muted-foreground">
        {commitmentTypeLabel(item.commitmentType, viewerIsCoach)} · {item.responsibleName}
        {showSession ? ` · ${item.session.title}` : null}
      </p>
      <p role="status" className="sr-only">
        {saving ? "Saving..." : ""}
      </p>
      <InlineError>{error}</InlineError>
    </li>
  );
}
