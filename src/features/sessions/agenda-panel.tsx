import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { ACTION_ITEMS_URL, dueText } from "@convex/model/actionItemRules";
import { AGENDA_ITEM_MAX_CHARS, AGENDA_TEXTS, sourceLabel } from "@convex/model/agendaRules";
import { Link } from "@tanstack/react-router";
import { useMutation } from "convex/react";
import type { OptimisticLocalStore } from "convex/browser";
import type { FunctionReturnType } from "convex/server";
import { ArrowDownIcon, ArrowRightIcon, ArrowUpIcon, CheckCircle2Icon, CircleIcon, ListChecksIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState, type FormEvent } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useToday } from "@/features/action-items/shared";
import { errorMessage, fieldErrors } from "@/lib/user-error";
import { cn } from "@/lib/utils";

export type Agenda = FunctionReturnType<typeof api.agenda.get>;
type Line = Agenda["lines"][number];

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

/** Where a line came from, and when: the due day of a commitment, the moment of a quote. */
function LineSource({ line, today }: { line: Line; today: string }) {
  const details = [sourceLabel(line)];
  if (line.timestamp) details.push(`at ${line.timestamp}`);
  if (line.source === "commitment" && line.dueDate) details.push(dueText(line.dueDate, today));
  return <span className={cn("text-xs", line.overdue ? "font-medium text-destructive" : "text-muted-foreground")}>{details.join(" · ")}</span>;
}

function LineText({ line }: { line: Line }) {
  const text = line.source === "key_point" ? <q>{line.text}</q> : line.text;
  return <span className={cn("break-words", line.done && "text-muted-foreground line-through")}>{text}</span>;
}

/** The page's copy of the agenda changed at once, as the server will: a tick or a move shows before the round trip. */
function updateLines(store: OptimisticLocalStore, sessionId: Id<"sessions">, change: (lines: Line[]) => Line[]) {
  const agenda = store.getQuery(api.agenda.get, { sessionId });
  if (agenda) store.setQuery(api.agenda.get, { sessionId }, { ...agenda, lines: change(agenda.lines) });
}

function EditableLine({ sessionId, line, first, last, today, onError }: { sessionId: Id<"sessions">; line: Line; first: boolean; last: boolean; today: string; onError: (message: string | null) => void }) {
  const setDone = useMutation(api.agenda.setDone).withOptimisticUpdate((store, { key, done }) =>
    updateLines(store, sessionId, (lines) => lines.map((entry) => (entry.key === key ? { ...entry, done } : entry))),
  );
  const move = useMutation(api.agenda.move).withOptimisticUpdate((store, { key, direction }) =>
    updateLines(store, sessionId, (lines) => {
      const index = lines.findIndex((entry) => entry.key === key);
      const target = direction === "up" ? index - 1 : index + 1;
      if (index < 0 || target < 0 || target >= lines.length) return lines;
      const moved = [...lines];
      [moved[index], moved[target]] = [moved[target]!, moved[index]!];
      return moved;
    }),
  );
  const remove = useMutation(api.agenda.remove);
  const run = (work: Promise<unknown>) => work.then(() => onError(null), (failure: unknown) => onError(errorMessage(failure)));
  const id = `agenda-${line.key.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return (
    <li className="flex items-start gap-3 rounded-lg border p-3">
      <input
        id={id}
        type="checkbox"
        checked={line.done}
        onChange={(event) => void run(setDone({ sessionId, key: line.key, done: event.target.checked }))}
        className="mt-1 size-5 shrink-0 accent-primary"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <label htmlFor={id}>
          <LineText line={line} />
        </label>
        <LineSource line={line} today={today} />
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <Button type="button" variant="ghost" size="icon" disabled={first} aria-label={`Move up: ${line.text}`} onClick={() => void run(move({ sessionId, key: line.key, direction: "up" }))}>
          <ArrowUpIcon aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" disabled={last} aria-label={`Move down: ${line.text}`} onClick={() => void run(move({ sessionId, key: line.key, direction: "down" }))}>
          <ArrowDownIcon aria-hidden />
        </Button>
        {line.source === "added" ? (
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove: ${line.text}`} onClick={() => void run(remove({ sessionId, key: line.key }))}>
            <Trash2Icon aria-hidden />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function ReadOnlyLine({ line, today }: { line: Line; today: string }) {
  const Icon = line.done ? CheckCircle2Icon : CircleIcon;
  return (
    <li className="flex items-start gap-3 rounded-lg border p-3">
      <Icon className={cn("mt-0.5 size-5 shrink-0", line.done ? "text-success" : "text-muted-foreground")} aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span>
          <span className="sr-only">{line.done ? "Done: " : "Open: "}</span>
          <LineText line={line} />
        </span>
        <LineSource line={line} today={today} />
      </div>
    </li>
  );
}

function AddLine({ sessionId }: { sessionId: Id<"sessions"> }) {
  const add = useMutation(api.agenda.add);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(AGENDA_TEXTS.addEmpty);
      return;
    }
    setBusy(true);
    try {
      await add({ sessionId, text });
      setText("");
      setError(null);
    } catch (failure) {
      setError(fieldErrors(failure).text ?? errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2" noValidate>
      <label htmlFor="agenda-add" className="text-sm font-medium">
        {AGENDA_TEXTS.addLabel}
      </label>
      <div className="flex gap-2">
        <Input
          id="agenda-add"
          value={text}
          maxLength={AGENDA_ITEM_MAX_CHARS}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "agenda-add-error" : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={busy}>
          <PlusIcon aria-hidden />
          Add
        </Button>
      </div>
      <div id="agenda-add-error">
        <InlineError>{error}</InlineError>
      </div>
    </form>
  );
}

/**
 * The session's agenda, live for its coach and member: a draft from open commitments (overdue
 * first), the check-in and the last session's key points, which either may reorder, tick off and
 * add to; after the session, its notes.
 */
export function AgendaPanel({ sessionId, agenda }: { sessionId: Id<"sessions">; agenda: Agenda }) {
  const today = useToday();
  const [error, setError] = useState<string | null>(null);
  const { mode, lines, canEdit } = agenda;
  if (mode === "notes" && lines.length === 0) return null;
  const title = mode === "notes" ? AGENDA_TEXTS.notesTitle : mode === "draft" ? AGENDA_TEXTS.draftTitle : AGENDA_TEXTS.title;
  const done = lines.filter((line) => line.done).length;
  return (
    <section aria-labelledby="agenda-title" className="flex flex-col gap-3 rounded-xl border bg-card p-5">
      <h2 id="agenda-title" className="flex items-center gap-2 text-lg font-semibold">
        <ListChecksIcon className="size-5 text-primary" aria-hidden />
        {title}
      </h2>
      {mode === "draft" && lines.length > 0 ? <p className="text-sm text-muted-foreground">{AGENDA_TEXTS.draftHint}</p> : null}
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{AGENDA_TEXTS.empty}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {done} of {lines.length} done
          </p>
          <ol className="flex flex-col gap-2">
            {lines.map((line, index) =>
              canEdit ? (
                <EditableLine key={line.key} sessionId={sessionId} line={line} first={index === 0} last={index === lines.length - 1} today={today} onError={setError} />
              ) : (
                <ReadOnlyLine key={line.key} line={line} today={today} />
              ),
            )}
          </ol>
        </>
      )}
      <InlineError>{error}</InlineError>
      {canEdit ? <AddLine sessionId={sessionId} /> : null}
      {mode !== "notes" ? (
        <Link to={ACTION_ITEMS_URL} className={linkClass}>
          View all action items
          <ArrowRightIcon className="size-4" aria-hidden />
        </Link>
      ) : null}
    </section>
  );
}
