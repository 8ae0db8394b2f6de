import { api } from "@convex/_generated/api";
import { ACTION_ITEM_LIMITS } from "@convex/model/actionItemRules";
import type { Id } from "@convex/_generated/dataModel";
import {
  ACTION_ITEM_STATUSES,
  checkActionItem,
  commitmentTypeLabel,
  defaultDueDate,
  detailsLockedFor,
  parseTags,
  responsibleOptions,
  type ActionItemStatus,
} from "@convex/model/actionItemRules";
import { ACTION_ITEM_PRIORITIES, COMMITMENT_TYPES, type ActionItemPriority, type CommitmentType } from "@convex/model/extraction";
import { ACTION_ITEM_MESSAGES } from "@convex/model/messages";
import { useMutation } from "convex/react";
import { LockIcon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { useFormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { fieldControlClass, Input } from "@/components/ui/input";
import { useTimeZone } from "@/features/auth/viewer";
import { dateTime, formatDuration } from "@/lib/relative-time";
import { errorMessage, fieldErrors } from "@/lib/user-error";
import {
  DetailRow,
  formatDay,
  PRIORITY_LOOK,
  PriorityLabel,
  STATUS_LOOK,
  visibleTo,
  type ActionItemView,
  type SessionOption,
} from "./shared";

/** Where each checked field lives, so the summary's links and the server's field errors find it. */
const FIELD_IDS = {
  title: "action-item-title",
  sessionId: "action-item-session",
  commitmentType: "action-item-commitment-type",
  responsibleUserId: "action-item-responsible",
  priority: "action-item-priority",
  dueDate: "action-item-due-date",
  estimatedMinutes: "action-item-estimated-minutes",
  actualMinutes: "action-item-actual-minutes",
  transcriptTimestamp: "action-item-transcript-timestamp",
} as const;
type Field = keyof typeof FIELD_IDS;

/** What the dialog is for: a new item (optionally for a given session) or changing one. */
export type ItemFormTarget = { kind: "create"; sessionId?: Id<"sessions"> } | { kind: "edit"; item: ActionItemView };

interface Values {
  title: string;
  description: string;
  sessionId: string;
  commitmentType: CommitmentType | "";
  responsibleUserId: string;
  status: ActionItemStatus;
  priority: ActionItemPriority | "";
  dueDate: string;
  tags: string;
  estimatedMinutes: string;
  transcriptQuote: string;
  transcriptTimestamp: string;
  coachVisible: boolean;
  clientVisible: boolean;
  actualMinutes: string;
  completionNotes: string;
}

function initialValues(target: ItemFormTarget, today: string): Values {
  if (target.kind === "edit") {
    const { item } = target;
    return {
      title: item.title,
      description: item.description,
      sessionId: item.sessionId,
      commitmentType: item.commitmentType,
      responsibleUserId: item.responsibleUserId,
      status: item.status,
      priority: item.priority,
      dueDate: item.dueDate ?? "",
      tags: item.tags.join(", "),
      estimatedMinutes: item.estimatedMinutes === undefined ? "" : String(item.estimatedMinutes),
      transcriptQuote: item.transcriptQuote ?? "",
      transcriptTimestamp: item.transcriptTimestamp ?? "",
      coachVisible: item.coachVisible,
      clientVisible: item.clientVisible,
      actualMinutes: item.actualMinutes === undefined ? "" : String(item.actualMinutes),
      completionNotes: item.completionNotes ?? "",
    };
  }
  return {
    title: "",
    description: "",
    sessionId: target.sessionId ?? "",
    commitmentType: "",
    responsibleUserId: "",
    status: "pending",
    priority: "",
    dueDate: defaultDueDate(today),
    tags: "",
    estimatedMinutes: "",
    transcriptQuote: "",
    transcriptTimestamp: "",
    coachVisible: true,
    clientVisible: true,
    actualMinutes: "",
    completionNotes: "",
  };
}

/** Blank optional text is "not given", not an empty value. */
function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

const optionalNumber = (value: string) => (optional(value) === undefined ? undefined : Number(value));

/** Most pressing first, as the page lists them. */
const PRIORITIES = [...ACTION_ITEM_PRIORITIES].reverse();

export interface ItemFormDialogProps {
  /** null keeps the dialog closed. */
  target: ItemFormTarget | null;
  /** The sessions the viewer may attach an item to (api.actionItems.sessions); undefined while loading. */
  sessions: SessionOption[] | undefined;
  viewerId: Id<"users">;
  viewerIsCoach: boolean;
  today: string;
  onClose: () => void;
  /** Called after a successful save, with a sentence to announce. */
  onSaved: (message: string) => void;
}

/** Create or edit an action item (SPEC §2, §5); saving closes the dialog (SPEC §4). */
export function ItemFormDialog({ target, onClose, ...rest }: ItemFormDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target ? (
        <DialogContent className="sm:max-w-2xl">
          <ItemForm key={target.kind === "edit" ? target.item._id : "new"} target={target} onClose={onClose} {...rest} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ItemForm({
  target,
  sessions,
  viewerId,
  viewerIsCoach,
  today,
  onClose,
  onSaved,
}: ItemFormDialogProps & { target: ItemFormTarget }) {
  const create = useMutation(api.actionItems.create);
  const update = useMutation(api.actionItems.update);
  const updateProgress = useMutation(api.actionItems.updateProgress);
  const timeZone = useTimeZone();
  const [values, setValues] = useState(() => initialValues(target, today));
  const [saving, setSaving] = useState(false);
  const form = useFormErrors(FIELD_IDS);
  const editing = target.kind === "edit";
  // On a coach's item the client changes only the status, the time spent and their notes (the server holds the same rule).
  const locked = editing && detailsLockedFor(target.item, viewerId);

  // The people an item may be for follow its session and commitment type; a single choice is locked in.
  const people = editing
    ? { memberId: target.item.memberId, coachId: target.item.coachId, memberName: target.item.memberName, coachName: target.item.coachName }
    : sessions?.find((session) => session._id === values.sessionId);
  const options = people && values.commitmentType ? responsibleOptions(values.commitmentType, people) : [];
  const responsible = options.length === 1 ? options[0] : options.find((id) => id === values.responsibleUserId);
  const ready = values.sessionId !== "" && values.commitmentType !== "" && values.priority !== "" && responsible !== undefined;

  function personName(id: Id<"users">): string {
    const name = id === people?.memberId ? people.memberName : (people?.coachName ?? "");
    return id === viewerId ? `${name} (you)` : name;
  }

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (responsible === undefined || values.sessionId === "" || values.commitmentType === "" || values.priority === "") return;
    const fields = {
      title: values.title.trim(),
      description: values.description.trim(),
      responsibleUserId: responsible,
      commitmentType: values.commitmentType,
      status: values.status,
      priority: values.priority,
      dueDate: optional(values.dueDate),
      tags: parseTags(values.tags),
      estimatedMinutes: optionalNumber(values.estimatedMinutes),
      transcriptQuote: optional(values.transcriptQuote),
      transcriptTimestamp: optional(values.transcriptTimestamp),
      coachVisible: values.coachVisible,
      clientVisible: values.clientVisible,
    };
    const actualMinutes = optionalNumber(values.actualMinutes);
    const problems = checkActionItem({ ...fields, actualMinutes, sessionId: values.sessionId, session: people });
    if (Object.keys(problems).length > 0) {
      form.fail({ message: ACTION_ITEM_MESSAGES.INVALID_ACTION_ITEM, fields: problems });
      return;
    }
    form.clear();
    setSaving(true);
    try {
      if (target.kind === "edit") {
        const { item } = target;
        const progress = { status: values.status, actualMinutes, completionNotes: optional(values.completionNotes) };
        // A coach's item: only what is the client's goes out, so a detail the coach changed meanwhile stands.
        if (locked) await updateProgress({ id: item._id, ...progress });
        else await update({ id: item._id, ...fields, ...progress });
        onSaved("Action item updated.");
      } else {
        await create({ ...fields, sessionId: values.sessionId as Id<"sessions"> });
        onSaved("Action item created.");
      }
      onClose();
    } catch (caught) {
      form.fail({ message: errorMessage(caught), fields: fieldErrors(caught) });
      setSaving(false);
    }
  }

  const error = (field: Field) => form.errors?.fields[field];
  const saveLabel = editing ? "Update" : "Create";

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{editing ? "Edit Action Item" : "New Action Item"}</DialogTitle>
        <DialogDescription>One clear next step from a session, and who takes it.</DialogDescription>
      </DialogHeader>
      {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
      <RequiredNote />

      {locked ? (
        <CoachDetails item={target.item} viewerIsCoach={viewerIsCoach} />
      ) : (
        <>
          <FormField id={FIELD_IDS.title} label="Title" required error={error("title")}>
            {(control) => <Input {...control} maxLength={ACTION_ITEM_LIMITS.title} value={values.title} onChange={(event) => set("title", event.target.value)} />}
          </FormField>
          <FormField id="action-item-description" label="Description">
            {(control) => (
              <textarea
                {...control}
                rows={3}
                className={fieldControlClass}
                value={values.description}
                onChange={(event) => set("description", event.target.value)}
              />
            )}
          </FormField>

          <FormField
            id={FIELD_IDS.sessionId}
            label="Session"
            required
            hint={editing ? "An item stays with the session it came from." : undefined}
            error={error("sessionId")}
          >
            {(control) =>
              editing ? (
                <select {...control} className={fieldControlClass} value={values.sessionId} disabled>
                  <option value={values.sessionId}>
                    {target.item.session.title} · {dateTime(target.item.session.startsAt, timeZone)}
                  </option>
                </select>
              ) : (
                <select
                  {...control}
                  className={fieldControlClass}
                  value={values.sessionId}
                  disabled={!sessions || sessions.length === 0}
                  onChange={(event) => set("sessionId", event.target.value)}
                >
                  <option value="" disabled>
                    {sessions === undefined ? "Loading your sessions..." : sessions.length === 0 ? "No sessions yet" : "Choose a session"}
                  </option>
                  {sessions?.map((session) => (
                    <option key={session._id} value={session._id}>
                      {session.title} · {dateTime(session.startsAt, timeZone)} · with{" "}
                      {session.coachId === viewerId ? session.memberName : session.coachName}
                    </option>
                  ))}
                </select>
              )
            }
          </FormField>

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id={FIELD_IDS.commitmentType} label="Commitment type" required error={error("commitmentType")}>
              {(control) => (
                <select
                  {...control}
                  className={fieldControlClass}
                  value={values.commitmentType}
                  onChange={(event) => set("commitmentType", event.target.value as CommitmentType)}
                >
                  <option value="" disabled>
                    Choose a type
                  </option>
                  {COMMITMENT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {commitmentTypeLabel(type, viewerIsCoach)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              id={FIELD_IDS.responsibleUserId}
              label="Responsible"
              required
              hint={
                options.length === 1
                  ? "Set by the commitment type."
                  : options.length === 0
                    ? "Choose a session and a type first."
                    : undefined
              }
              error={error("responsibleUserId")}
            >
              {(control) => (
                <select
                  {...control}
                  className={fieldControlClass}
                  value={responsible ?? ""}
                  disabled={options.length <= 1}
                  onChange={(event) => set("responsibleUserId", event.target.value)}
                >
                  <option value="" disabled>
                    Choose who
                  </option>
                  {options.map((id) => (
                    <option key={id} value={id}>
                      {personName(id)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id={FIELD_IDS.priority} label="Priority" required error={error("priority")}>
              {(control) => (
                <select
                  {...control}
                  className={fieldControlClass}
                  value={values.priority}
                  onChange={(event) => set("priority", event.target.value as ActionItemPriority)}
                >
                  <option value="" disabled>
                    Choose a priority
                  </option>
                  {PRIORITIES.map((priority) => (
                    <option key={priority} value={priority}>
                      {PRIORITY_LOOK[priority].label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id={FIELD_IDS.dueDate} label="Due date" error={error("dueDate")}>
              {(control) => (
                <Input {...control} type="date" value={values.dueDate} onChange={(event) => set("dueDate", event.target.value)} />
              )}
            </FormField>
            <FormField id={FIELD_IDS.estimatedMinutes} label="Estimated minutes" error={error("estimatedMinutes")}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  value={values.estimatedMinutes}
                  onChange={(event) => set("estimatedMinutes", event.target.value)}
                />
              )}
            </FormField>
          </div>

          <FormField id="action-item-tags" label="Tags" hint="Separate tags with commas.">
            {(control) => <Input {...control} value={values.tags} onChange={(event) => set("tags", event.target.value)} />}
          </FormField>

          <div className="grid gap-5 sm:grid-cols-[1fr_10rem]">
            <FormField id="action-item-transcript-quote" label="Transcript quote">
              {(control) => (
                <textarea
                  {...control}
                  rows={2}
                  className={fieldControlClass}
                  value={values.transcriptQuote}
                  onChange={(event) => set("transcriptQuote", event.target.value)}
                />
              )}
            </FormField>
            <FormField
              id={FIELD_IDS.transcriptTimestamp}
              label="Transcript timestamp"
              hint="MM:SS, e.g. 12:05"
              error={error("transcriptTimestamp")}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  placeholder="MM:SS"
                  value={values.transcriptTimestamp}
                  onChange={(event) => set("transcriptTimestamp", event.target.value)}
                />
              )}
            </FormField>
          </div>

          <fieldset className="flex flex-col gap-1">
            <legend className="text-sm font-medium">Visible to</legend>
            <div className="flex flex-wrap gap-x-6">
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={values.coachVisible}
                  onChange={(event) => set("coachVisible", event.target.checked)}
                />
                Coach visible
              </label>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={values.clientVisible}
                  onChange={(event) => set("clientVisible", event.target.checked)}
                />
                Client visible
              </label>
            </div>
          </fieldset>
        </>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="action-item-status" label="Status">
          {(control) => (
            <select
              {...control}
              className={fieldControlClass}
              value={values.status}
              onChange={(event) => set("status", event.target.value as ActionItemStatus)}
            >
              {ACTION_ITEM_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LOOK[status].label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {editing ? (
          <FormField id={FIELD_IDS.actualMinutes} label="Time spent (minutes)" error={error("actualMinutes")}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                value={values.actualMinutes}
                onChange={(event) => set("actualMinutes", event.target.value)}
              />
            )}
          </FormField>
        ) : null}
      </div>
      {editing ? (
        <FormField id="action-item-completion-notes" label="Completion notes" hint="Your notes on how it went.">
          {(control) => (
            <textarea
              {...control}
              rows={2}
              className={fieldControlClass}
              value={values.completionNotes}
              onChange={(event) => set("completionNotes", event.target.value)}
            />
          )}
        </FormField>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!ready || saving}>
          {saving ? "Saving..." : saveLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The details of a coach's item, read-only for the client, with why and what they can change. */
function CoachDetails({ item, viewerIsCoach }: { item: ActionItemView; viewerIsCoach: boolean }) {
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="coach-item-details" className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4">
      <h3 id="coach-item-details" className="flex items-center gap-2 font-semibold">
        <LockIcon className="size-4 text-muted-foreground" aria-hidden />
        Your coach's item
      </h3>
      <p className="text-sm">{ACTION_ITEM_MESSAGES.COACH_ITEM_NOTE}</p>
      <dl className="flex flex-col gap-2">
        <DetailRow label="Title">{item.title}</DetailRow>
        {item.description ? <DetailRow label="Description">{item.description}</DetailRow> : null}
        <DetailRow label="Session">
          {item.session.title} · {dateTime(item.session.startsAt, timeZone)}
        </DetailRow>
        <DetailRow label="Commitment">{commitmentTypeLabel(item.commitmentType, viewerIsCoach)}</DetailRow>
        <DetailRow label="Responsible">{item.responsibleName}</DetailRow>
        <DetailRow label="Priority">
          <PriorityLabel priority={item.priority} />
        </DetailRow>
        <DetailRow label="Due date">{item.dueDate ? formatDay(item.dueDate) : "No due date"}</DetailRow>
        {item.estimatedMinutes !== undefined ? <DetailRow label="Estimated time">{formatDuration(item.estimatedMinutes)}</DetailRow> : null}
        {item.tags.length > 0 ? <DetailRow label="Tags">{item.tags.join(", ")}</DetailRow> : null}
        {item.transcriptQuote ? (
          <DetailRow label="From the transcript">
            <q className="italic">{item.transcriptQuote}</q>
            {item.transcriptTimestamp ? ` (${item.transcriptTimestamp})` : null}
          </DetailRow>
        ) : null}
        <DetailRow label="Visible to">{visibleTo(item)}</DetailRow>
      </dl>
    </section>
  );
}
