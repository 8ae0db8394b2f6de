import { api } from "@convex/_generated/api";
import type { Doc, Id } from "@convex/_generated/dataModel";
import { ACTION_ITEMS_URL, commitmentTypeLabel } from "@convex/model/actionItemRules";
import { ACTION_ITEM_PRIORITIES, splitSuggestions, timestampAnchor, type ActionItemPriority } from "@convex/model/extraction";
import { ACTION_ITEM_MESSAGES } from "@convex/model/messages";
import { isGuest } from "@convex/model/permissions";
import { Link } from "@tanstack/react-router";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import {
  AlertTriangleIcon,
  CheckCircle2Icon,
  CheckIcon,
  ChevronDownIcon,
  FileTextIcon,
  HelpCircleIcon,
  LoaderCircleIcon,
  PencilIcon,
  RotateCcwIcon,
  SparklesIcon,
  UserRoundIcon,
  XIcon,
} from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { FormField } from "@/components/forms/form-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { fieldControlClass, Input } from "@/components/ui/input";
import { LoadingList } from "@/components/ui/skeleton";
import { DueLabel, PRIORITY_LOOK, PriorityLabel, useToday } from "@/features/action-items/shared";
import { useViewer } from "@/features/auth/viewer";
import { errorMessage, fieldErrors } from "@/lib/user-error";
import { cn } from "@/lib/utils";

type Extraction = FunctionReturnType<typeof api.extraction.forSession>;
type Run = NonNullable<Extraction["run"]>;
type Proposal = Extraction["proposals"][number];

/** Most pressing first in the edit form's select, as in the action item form. */
const PRIORITIES = [...ACTION_ITEM_PRIORITIES].reverse();
const EXTRACTION_FAILED = "We couldn't read commitments from the transcript.";

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Who the commitment is for, by name: the party the extractor heard. */
function responsibleName(party: Proposal["responsibleParty"], names: { memberName: string; coachName: string }): string {
  if (party === "client") return names.memberName;
  if (party === "coach") return names.coachName;
  return `${names.memberName} and ${names.coachName}`;
}

/** Where the extraction stands: reading, failed (with a way to try again for the coach), or done. */
function RunStatus({ run, canRetry }: { run: Run; canRetry: boolean }) {
  const retry = useMutation(api.extraction.retry);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function tryAgain() {
    setBusy(true);
    setError(null);
    try {
      await retry({ runId: run._id });
    } catch (caught) {
      setError(errorMessage(caught, "That didn't start. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  if (run.status === "queued" || run.status === "running") {
    return (
      <p role="status" aria-live="polite" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircleIcon className="size-4 shrink-0 animate-spin text-primary motion-reduce:animate-none" aria-hidden />
        Reading the transcript for commitments…
      </p>
    );
  }
  if (run.status === "failed") {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-lg border border-warning/40 bg-warning-muted p-4 text-warning-foreground"
      >
        <p className="flex items-center gap-2 font-semibold">
          <AlertTriangleIcon className="size-4 shrink-0" aria-hidden />
          {EXTRACTION_FAILED}
        </p>
        {run.lastError ? <p className="text-sm break-words">Details: {run.lastError}</p> : null}
        {canRetry ? (
          <Button variant="outline" onClick={() => void tryAgain()} disabled={busy}>
            <RotateCcwIcon aria-hidden />
            {busy ? "Starting..." : "Try again"}
          </Button>
        ) : (
          <p className="text-sm">Your coach can try again.</p>
        )}
        <InlineError>{error}</InlineError>
      </div>
    );
  }
  const discarded = run.discardedCount ?? 0;
  if (run.status === "succeeded" && discarded > 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {plural(discarded, "suggestion was", "suggestions were")} left out because {discarded === 1 ? "its" : "their"} quote wasn't found in
        the transcript.
      </p>
    );
  }
  return null;
}

interface Draft {
  title: string;
  description: string;
  priority: ActionItemPriority;
  dueDate: string;
}

/** The changes to a suggestion before it is accepted; Cancel goes back to the card. */
function EditForm({
  proposal,
  busy,
  onSubmit,
  onCancel,
}: {
  proposal: Proposal;
  busy: boolean;
  onSubmit: (draft: Draft) => Promise<Record<string, string>>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>({
    title: proposal.title,
    description: proposal.description,
    priority: proposal.priority,
    dueDate: proposal.dueDate ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = (field: string) => `proposal-${proposal._id}-${field}`;
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft.title.trim()) {
      setErrors({ title: ACTION_ITEM_MESSAGES.TITLE_REQUIRED });
      return;
    }
    setErrors(await onSubmit(draft));
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <FormField id={id("title")} label="Title" required error={errors.title}>
        {(control) => <Input {...control} value={draft.title} onChange={(event) => set("title", event.target.value)} />}
      </FormField>
      <FormField id={id("description")} label="Description">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={draft.description}
            onChange={(event) => set("description", event.target.value)}
            className={fieldControlClass}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id("priority")} label="Priority" error={errors.priority}>
          {(control) => (
            <select
              {...control}
              value={draft.priority}
              onChange={(event) => set("priority", event.target.value as ActionItemPriority)}
              className={fieldControlClass}
            >
              {PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {PRIORITY_LOOK[priority].label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="flex flex-col items-start gap-1">
          <FormField id={id("due-date")} label="Due date" hint="Leave empty for no due date." error={errors.dueDate}>
            {(control) => <Input {...control} type="date" value={draft.dueDate} onChange={(event) => set("dueDate", event.target.value)} />}
          </FormField>
          {draft.dueDate ? (
            <Button type="button" variant="link" size="sm" className="px-0" onClick={() => set("dueDate", "")}>
              Remove the due date
            </Button>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          <CheckIcon aria-hidden />
          {busy ? "Accepting..." : "Accept with changes"}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

interface ProposalCardProps {
  proposal: Proposal;
  names: { memberName: string; coachName: string };
  viewerIsCoach: boolean;
  canDecide: boolean;
  today: string;
  /** One of the suggestions behind "Show N more": marked so it reads as less certain. */
  lessCertain?: boolean;
  onDecided: (decision: "accepted" | "dismissed") => void;
}

/** One suggestion: what, whose, how sure, and where in the transcript; Accept first, the rest quieter. */
function ProposalCard({ proposal, names, viewerIsCoach, canDecide, today, lessCertain = false, onDecided }: ProposalCardProps) {
  const accept = useMutation(api.extraction.accept);
  const dismiss = useMutation(api.extraction.dismiss);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<"accept" | "dismiss" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = `proposal-${proposal._id}-heading`;

  /** Runs one decision; returns the server's field errors (empty when it worked or had none). */
  async function decide(kind: "accept" | "dismiss", call: () => Promise<unknown>): Promise<Record<string, string>> {
    setBusy(kind);
    setError(null);
    try {
      await call();
      onDecided(kind === "accept" ? "accepted" : "dismissed");
      return {};
    } catch (caught) {
      setError(errorMessage(caught));
      return fieldErrors(caught);
    } finally {
      setBusy(null);
    }
  }

  const acceptWithEdits = (draft: Draft) =>
    decide("accept", () =>
      accept({
        proposalId: proposal._id,
        edits: { title: draft.title.trim(), description: draft.description, priority: draft.priority, dueDate: draft.dueDate || null },
      }),
    );

  return (
    <li
      aria-labelledby={titleId}
      className={cn("flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4", lessCertain && "border-dashed")}
    >
      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{commitmentTypeLabel(proposal.commitmentType, viewerIsCoach)}</Badge>
          {lessCertain ? (
            <Badge variant="outline" className="font-medium text-muted-foreground">
              Less certain
            </Badge>
          ) : null}
          {proposal.tentative ? (
            <Badge variant="outline" title="Said with a hedge, like “I might” or “I'll try”.">
              <HelpCircleIcon aria-hidden />
              Tentative
            </Badge>
          ) : null}
        </div>
        <h3 id={titleId} className="text-base font-semibold break-words">
          {proposal.title}
        </h3>
        {proposal.description ? <p className="text-sm break-words text-muted-foreground">{proposal.description}</p> : null}
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="inline-flex items-center gap-1 text-xs">
          <UserRoundIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="sr-only">Responsible: </span>
          {responsibleName(proposal.responsibleParty, names)}
        </span>
        <PriorityLabel priority={proposal.priority} />
        {proposal.dueDate ? <DueLabel item={{ dueDate: proposal.dueDate, status: "pending" }} today={today} /> : null}
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <SparklesIcon className="size-3.5 shrink-0" aria-hidden />
          AI Confidence {Math.round(proposal.confidence)}%
        </span>
      </p>
      <figure className="flex flex-col gap-1 border-l-4 border-primary/40 bg-muted/40 py-2 pr-3 pl-4">
        <blockquote className="text-sm break-words italic">“{proposal.transcriptQuote}”</blockquote>
        <figcaption>
          <Link
            to="/dashboard/transcripts/$id"
            params={{ id: proposal.transcriptId }}
            hash={timestampAnchor(proposal.transcriptTimestamp)}
            aria-label={`Open the transcript at ${proposal.transcriptTimestamp}`}
            className={linkClass}
          >
            <FileTextIcon className="size-4" aria-hidden />
            at {proposal.transcriptTimestamp}
          </Link>
        </figcaption>
      </figure>
      {!canDecide ? null : editing ? (
        <EditForm proposal={proposal} busy={busy !== null} onSubmit={acceptWithEdits} onCancel={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void decide("accept", () => accept({ proposalId: proposal._id }))} disabled={busy !== null}>
            <CheckIcon aria-hidden />
            {busy === "accept" ? "Accepting..." : "Accept"}
          </Button>
          <Button variant="outline" onClick={() => setEditing(true)} disabled={busy !== null}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
          <Button
            variant="ghost"
            onClick={() => void decide("dismiss", () => dismiss({ proposalId: proposal._id }))}
            disabled={busy !== null}
          >
            <XIcon aria-hidden />
            {busy === "dismiss" ? "Dismissing..." : "Dismiss"}
          </Button>
        </div>
      )}
      <InlineError>{error}</InlineError>
    </li>
  );
}

type ShownByRun = ReadonlyMap<Id<"extractionRuns">, ReadonlySet<Id<"actionItemProposals">>>;

/**
 * Which undecided suggestions are shown at once and which wait behind "Show N more"
 * (splitSuggestions: confident enough, at most eight, in transcript order).
 *
 * The split is made once per run, from that run's undecided proposals as they are when the panel
 * first sees them (a run's proposals arrive together, with its success), and then remembered.
 * Deciding a shown suggestion leaves the shown list one shorter: a hidden, less certain one is NOT
 * pulled up into view in its place. That is the least surprising choice: nothing new appears where
 * the reader is working, the list never reshuffles under them, and what was set aside as less
 * certain stays set aside until they ask for it. Decided proposals are left out of both lists and
 * of every count. A fresh visit splits again from what is still undecided.
 */
function useSuggestionSplit(proposals: readonly Proposal[]): { shown: Proposal[]; more: Proposal[] } {
  const [shownByRun, setShownByRun] = useState<ShownByRun>(() => new Map());
  const undecided = proposals.filter((proposal) => proposal.status === "proposed");
  const newRuns = [...new Set(undecided.map((proposal) => proposal.runId))].filter((runId) => !shownByRun.has(runId));
  let current = shownByRun;
  if (newRuns.length > 0) {
    const next = new Map(shownByRun);
    for (const runId of newRuns) {
      const { shown } = splitSuggestions(undecided.filter((proposal) => proposal.runId === runId));
      next.set(runId, new Set(shown.map((proposal) => proposal._id)));
    }
    current = next;
    // Remembered for the next renders; this one already uses it (React's "adjust state while rendering").
    setShownByRun(next);
  }
  const isShown = (proposal: Proposal) => current.get(proposal.runId)?.has(proposal._id) ?? false;
  return { shown: undecided.filter(isShown), more: undecided.filter((proposal) => !isShown(proposal)) };
}

export interface ProposalsPanelProps {
  session: Pick<Doc<"sessions">, "_id" | "memberId" | "coachId">;
  memberName: string;
  coachName: string;
  /** Whether the session has a transcript; the panel also shows when only a run exists. */
  hasTranscript: boolean;
  /** The session's coach or an admin: may run a failed extraction again. */
  canRetry: boolean;
}

/** "Suggested action items": commitments read from the transcript, each waiting for Accept, Edit or Dismiss. */
export function ProposalsPanel({ session, memberName, coachName, hasTranscript, canRetry }: ProposalsPanelProps) {
  const extraction = useQuery(api.extraction.forSession, { sessionId: session._id });
  const viewer = useViewer();
  const today = useToday();
  const [decided, setDecided] = useState<"accepted" | "dismissed" | null>(null);
  const [showingMore, setShowingMore] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const moreId = useId();
  const moreNoteId = useId();
  const { shown, more } = useSuggestionSplit(extraction?.proposals ?? []);
  const waiting = shown.length + more.length;

  if (!hasTranscript && !extraction?.run) return null;
  const viewerId = viewer.status === "signed-in" ? viewer.user._id : null;
  // Accept and Dismiss are for the session's own member and coach (the server's rule); guests are read-only.
  const canDecide =
    viewer.status === "signed-in" && !isGuest(viewer.user) && (viewerId === session.memberId || viewerId === session.coachId);
  const reading = extraction?.run?.status === "queued" || extraction?.run?.status === "running";

  function onDecided(decision: "accepted" | "dismissed") {
    setDecided(decision);
    // The card is gone once the query updates; the confirmation keeps the keyboard's place.
    noticeRef.current?.focus();
  }

  const card = (proposal: Proposal, lessCertain: boolean) => (
    <ProposalCard
      key={proposal._id}
      proposal={proposal}
      names={{ memberName, coachName }}
      viewerIsCoach={viewerId === session.coachId}
      canDecide={canDecide}
      today={today}
      lessCertain={lessCertain}
      onDecided={onDecided}
    />
  );

  return (
    <section aria-labelledby="proposals-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="proposals-title" className="flex items-center gap-2 text-lg font-semibold">
          <SparklesIcon className="size-5 text-primary" aria-hidden />
          Suggested action items
        </h2>
        <p className="text-sm text-muted-foreground">Commitments we found in the transcript. Nothing is added until you accept it.</p>
        <div
          ref={noticeRef}
          tabIndex={-1}
          role="status"
          aria-live="polite"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {decided === "accepted" ? (
            <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-success">
              <CheckCircle2Icon className="size-4" aria-hidden />
              Added to action items.
              <Link to={ACTION_ITEMS_URL} className={linkClass}>
                Open action items
              </Link>
            </p>
          ) : decided === "dismissed" ? (
            <p className="text-sm text-muted-foreground">Suggestion dismissed.</p>
          ) : null}
        </div>
      </div>
      {extraction === undefined ? (
        <LoadingList label="Loading suggestions" rows={1} />
      ) : (
        <>
          {extraction.run ? <RunStatus run={extraction.run} canRetry={canRetry} /> : null}
          {waiting > 0 ? (
            <>
              <p role="status" aria-live="polite" className="text-sm font-medium">
                {plural(waiting, "suggestion", "suggestions")} waiting.
              </p>
              {shown.length > 0 ? <ul className="flex flex-col gap-3">{shown.map((proposal) => card(proposal, false))}</ul> : null}
              {more.length > 0 ? (
                <div className="flex flex-col gap-3">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                    <p id={moreNoteId} className="text-sm text-muted-foreground">
                      {shown.length === 0
                        ? "None of the suggestions is very certain this time."
                        : `We're less sure about ${plural(more.length, "more suggestion", "more suggestions")}.`}
                    </p>
                    <Button
                      variant="outline"
                      aria-expanded={showingMore}
                      aria-controls={moreId}
                      aria-describedby={moreNoteId}
                      onClick={() => setShowingMore((open) => !open)}
                    >
                      <ChevronDownIcon
                        className={cn("transition-transform motion-reduce:transition-none", showingMore && "rotate-180")}
                        aria-hidden
                      />
                      {showingMore ? "Show fewer" : `Show ${more.length} more`}
                    </Button>
                  </div>
                  {/* Always in the page, so aria-controls names something even while closed. */}
                  <div id={moreId}>
                    {showingMore ? <ul className="flex flex-col gap-3">{more.map((proposal) => card(proposal, true))}</ul> : null}
                  </div>
                </div>
              ) : null}
            </>
          ) : !reading && extraction.run?.status !== "failed" ? (
            <p className="text-sm text-muted-foreground">No suggestions waiting.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
