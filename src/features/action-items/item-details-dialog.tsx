import { api } from "@convex/_generated/api";
import { activityUrls } from "@convex/model/activity";
import { commitmentTypeLabel, dueText, isOverdue } from "@convex/model/actionItemRules";
import { useQuery } from "convex/react";
import { FileTextIcon, PencilIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useTimeZone } from "@/features/auth/viewer";
import { dateTime, formatDuration } from "@/lib/relative-time";
import { DetailRow as Row, formatDay, PriorityLabel, StatusLabel, visibleTo, type ActionItemView } from "./shared";

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

/** The quote's timestamp, a link into the session's transcript once there is one. */
function TranscriptLink({ item }: { item: ActionItemView }) {
  const transcriptId = useQuery(api.transcripts.forSession, { sessionId: item.sessionId });
  const at = item.transcriptTimestamp;
  if (!transcriptId) return at ? <span className="font-mono tabular-nums">{at}</span> : null;
  return (
    <a href={at ? activityUrls.transcriptAt(transcriptId, at) : activityUrls.transcript(transcriptId)} className={linkClass}>
      <FileTextIcon className="size-4" aria-hidden />
      {at ? `Open the transcript at ${at}` : "Open the transcript"}
    </a>
  );
}

export interface ItemDetailsDialogProps {
  /** The item shown; null keeps the dialog closed. */
  item: ActionItemView | null;
  today: string;
  viewerIsCoach: boolean;
  onClose: () => void;
  onEdit: (item: ActionItemView) => void;
}

/** Every field of one action item, opened from its title (SPEC §2 List view). */
export function ItemDetailsDialog({ item, today, viewerIsCoach, onClose, onEdit }: ItemDetailsDialogProps) {
  const timeZone = useTimeZone();
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item ? (
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle className="break-words">{item.title}</DialogTitle>
            <DialogDescription className="break-words whitespace-pre-line">{item.description || "No description."}</DialogDescription>
          </DialogHeader>
          <dl className="flex flex-col gap-3">
            <Row label="Status">
              <StatusLabel status={isOverdue(item, today) ? "overdue" : item.status} />
            </Row>
            <Row label="Priority">
              <PriorityLabel priority={item.priority} />
            </Row>
            <Row label="Due date">{item.dueDate ? `${formatDay(item.dueDate)} · ${dueText(item.dueDate, today)}` : "No due date"}</Row>
            <Row label="Commitment">{commitmentTypeLabel(item.commitmentType, viewerIsCoach)}</Row>
            <Row label="Responsible">{item.responsibleName}</Row>
            <Row label="Session">
              {item.session.title} · {dateTime(item.session.startsAt, timeZone)}
            </Row>
            {item.tags.length > 0 ? <Row label="Tags">{item.tags.join(", ")}</Row> : null}
            {item.estimatedMinutes !== undefined ? <Row label="Estimated time">{formatDuration(item.estimatedMinutes)}</Row> : null}
            {item.actualMinutes !== undefined ? <Row label="Actual time">{formatDuration(item.actualMinutes)}</Row> : null}
            {item.transcriptQuote || item.transcriptTimestamp ? (
              <Row label="From the transcript">
                <span className="flex flex-col items-start gap-1">
                  {item.transcriptQuote ? <q className="italic">{item.transcriptQuote}</q> : null}
                  <TranscriptLink item={item} />
                </span>
              </Row>
            ) : null}
            {item.extractionConfidence !== undefined ? <Row label="AI Confidence">{Math.round(item.extractionConfidence)}%</Row> : null}
            {item.completionNotes ? <Row label="Completion notes">{item.completionNotes}</Row> : null}
            {item.completedDate !== undefined ? <Row label="Completed">{dateTime(item.completedDate, timeZone)}</Row> : null}
            <Row label="Visible to">{visibleTo(item)}</Row>
            <Row label="Last updated">{dateTime(item.updatedAt, timeZone)}</Row>
          </dl>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
            <Button onClick={() => onEdit(item)}>
              <PencilIcon aria-hidden />
              Edit
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
