import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { SESSION_MESSAGES } from "@convex/model/messages";
import { TRANSCRIPT_FIELD_ERRORS, TRANSCRIPT_MAX_CHARS } from "@convex/model/transcripts";
import { Link } from "@tanstack/react-router";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import {
  CalendarDaysIcon,
  CheckCircle2Icon,
  CircleSlashIcon,
  ClockIcon,
  ExternalLinkIcon,
  FileTextIcon,
  FilmIcon,
  PlayIcon,
  UploadIcon,
  UserRoundIcon,
  VideoIcon,
} from "lucide-react";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { InlineError } from "@/components/forms/inline-error";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { fieldControlClass, Input } from "@/components/ui/input";
import { LoadingList } from "@/components/ui/skeleton";
import { fetchWithRetry } from "@/lib/retry";
import { cn } from "@/lib/utils";
import { BOOKINGS_URL, LoadErrorBoundary, When } from "./page-states";
import { errorMessage, fieldErrors } from "@/lib/user-error";
import { useNow } from "@/lib/use-now";
import { useTimeZone } from "@/features/auth/viewer";
import { OnboardingAnswers } from "@/features/onboarding/onboarding-answers";
import { ProposalsPanel } from "./proposals-panel";
import { SessionAgenda } from "./session-agenda";
import { joinState, sessionPhase, transcriptFormat } from "./session-state";

type SessionJoin = FunctionReturnType<typeof api.sessions.join>;

const SECOND = 1000;
const SOON_MS = 60 * 60 * SECOND;
const UPLOAD_FAILED = "The upload didn't finish. Please check your connection and try again.";

const linkClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60";

function JoinPanel({ data, now }: { data: SessionJoin; now: number }) {
  const state = joinState(data.session, data, now);
  // Announced once when it changes, not every second like the countdown.
  const announcement = state.open ? "The session is open. You can join now." : state.reason;
  return (
    <div className="flex flex-col items-start gap-2">
      {state.open ? (
        <Button asChild size="lg">
          <a href={data.meetingUrl} target="_blank" rel="noopener noreferrer">
            <VideoIcon aria-hidden />
            Join session
            <span className="sr-only"> (opens in a new tab)</span>
            <ExternalLinkIcon aria-hidden />
          </a>
        </Button>
      ) : (
        <>
          <Button size="lg" disabled aria-describedby="join-reason">
            <VideoIcon aria-hidden />
            Join session
          </Button>
          <p id="join-reason" className="text-sm text-muted-foreground">
            {state.reason}
          </p>
        </>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function NoShowButton({ onConfirm, busy, disabled }: { onConfirm: () => Promise<boolean>; busy: boolean; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)} disabled={busy || disabled}>
        <CircleSlashIcon aria-hidden />
        Mark no-show
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark this session as a no-show?</DialogTitle>
          <DialogDescription>
            The member will be told the session was missed. The booked minutes stay used; nothing is refunded.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep it as it is</Button>
          </DialogClose>
          <Button
            onClick={() => {
              void onConfirm().then(() => setOpen(false));
            }}
            disabled={busy}
          >
            {busy ? "Saving..." : "Yes, mark no-show"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Start, complete or mark a no-show: the session's coach or an admin. */
function RunControls({ data, now }: { data: SessionJoin; now: number }) {
  const { session } = data;
  const start = useMutation(api.sessions.start);
  const complete = useMutation(api.sessions.complete);
  const markNoShow = useMutation(api.sessions.markNoShow);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: (args: { sessionId: Id<"sessions"> }) => Promise<null>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await action({ sessionId: session._id });
      return true;
    } catch (caught) {
      setError(errorMessage(caught));
      return false;
    } finally {
      setBusy(false);
    }
  }

  if (session.status !== "scheduled") return null;
  const windowOpen = joinState(session, data, now).open;
  const canClose = now >= session.startsAt;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {session.startedAt === undefined ? (
          <Button onClick={() => void run(start)} disabled={busy || !windowOpen}>
            <PlayIcon aria-hidden />
            Start session
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => void run(complete)} disabled={busy || !canClose}>
          <CheckCircle2Icon aria-hidden />
          Mark completed
        </Button>
        <NoShowButton busy={busy} disabled={!canClose} onConfirm={() => run(markNoShow)} />
      </div>
      {session.startedAt === undefined && !windowOpen && !canClose ? (
        <p className="text-sm text-muted-foreground">You can start the session once the join window opens.</p>
      ) : null}
      {!canClose ? <p className="text-sm text-muted-foreground">{SESSION_MESSAGES.SESSION_NOT_ENDED}</p> : null}
      <InlineError>{error}</InlineError>
    </div>
  );
}

function TranscriptUpload({ sessionId }: { sessionId: Id<"sessions"> }) {
  const upload = useMutation(api.transcripts.upload);
  const [content, setContent] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setContent(await file.text());
    setFieldError(undefined);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    const problem = !content.trim()
      ? TRANSCRIPT_FIELD_ERRORS.empty
      : content.length > TRANSCRIPT_MAX_CHARS
        ? TRANSCRIPT_FIELD_ERRORS.tooLong
        : undefined;
    setFieldError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await upload({ sessionId, content, format: transcriptFormat(fileName, content) });
      setSaved(true);
    } catch (caught) {
      const fields = fieldErrors(caught);
      setFieldError(fields.content);
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <h3 className="flex items-center gap-2 font-semibold">
        <FileTextIcon className="size-4 text-primary" aria-hidden />
        Transcript
      </h3>
      <FormField id="transcript-file" label="Transcript file" hint="A .txt or .vtt file. Its text appears below, where you can check it.">
        {(control) => (
          <Input {...control} type="file" accept=".txt,.vtt,text/plain,text/vtt" onChange={(event) => void chooseFile(event)} />
        )}
      </FormField>
      <FormField
        id="transcript-content"
        label="Transcript text"
        hint="Or paste it here. Each line starts with a timestamp, like [01:05] Speaker: text."
        error={fieldError}
      >
        {(control) => (
          <textarea
            {...control}
            value={content}
            onChange={(event) => {
              setContent(event.target.value);
              setFileName(null);
            }}
            rows={8}
            className={cn(fieldControlClass, "font-mono text-sm")}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          <UploadIcon aria-hidden />
          {busy ? "Uploading..." : "Upload transcript"}
        </Button>
        <p role="status" aria-live="polite" className="flex items-center gap-1.5 text-sm font-medium text-success">
          {saved ? (
            <>
              <CheckCircle2Icon className="size-4" aria-hidden />
              Transcript saved.
            </>
          ) : null}
        </p>
      </div>
      <InlineError>{fieldError ? null : error}</InlineError>
    </form>
  );
}

function RecordingUpload({ sessionId }: { sessionId: Id<"sessions"> }) {
  const generateUploadUrl = useMutation(api.recordings.generateUploadUrl);
  const save = useMutation(api.recordings.save);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<Id<"recordings"> | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSavedId(null);
    const problem = !file || !/^(audio|video)\//.test(file.type) ? SESSION_MESSAGES.INVALID_RECORDING : undefined;
    setFileError(problem);
    if (problem || !file) return;
    setBusy(true);
    try {
      const url = await generateUploadUrl();
      // Safe to repeat: only the storage id that comes back is saved, so a lost answer costs at most a spare copy.
      const response = await fetchWithRetry(url, { method: "POST", headers: { "Content-Type": file.type }, body: file });
      if (!response.ok) throw new Error(`Upload failed with ${response.status}`);
      const { storageId } = (await response.json()) as { storageId: Id<"_storage"> };
      setSavedId(await save({ sessionId, storageId, title }));
      setFile(null);
      setTitle("");
    } catch (caught) {
      const fields = fieldErrors(caught);
      setFileError(fields.durationSeconds);
      setError(errorMessage(caught, UPLOAD_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <h3 className="flex items-center gap-2 font-semibold">
        <FilmIcon className="size-4 text-primary" aria-hidden />
        Recording
      </h3>
      <FormField id="recording-file" label="Recording file" required hint="An audio or video file." error={fileError}>
        {(control) => (
          <Input
            {...control}
            // A new input after each upload, so the chosen file is cleared.
            key={savedId ?? "new"}
            type="file"
            accept="audio/*,video/*"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(undefined);
            }}
          />
        )}
      </FormField>
      <FormField id="recording-title" label="Title" hint="Leave empty to use the session's title.">
        {(control) => <Input {...control} value={title} onChange={(event) => setTitle(event.target.value)} />}
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          <UploadIcon aria-hidden />
          {busy ? "Uploading..." : "Upload recording"}
        </Button>
        <p role="status" aria-live="polite" className="flex flex-wrap items-center gap-1.5 text-sm font-medium text-success">
          {savedId ? (
            <>
              <CheckCircle2Icon className="size-4" aria-hidden />
              Recording saved.
              <Link to="/dashboard/recordings/$id" params={{ id: savedId }} className={linkClass}>
                Open the recording
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <InlineError>{error}</InlineError>
    </form>
  );
}

function SessionDetails({ sessionId }: { sessionId: Id<"sessions"> }) {
  const data = useQuery(api.sessions.join, { sessionId });
  const transcriptId = useQuery(api.transcripts.forSession, { sessionId });
  const timeZone = useTimeZone();
  const now = useNow(SECOND);
  if (data === undefined) return <LoadingList title label="Loading the session" rows={2} />;
  const { session } = data;
  const phase = sessionPhase(session, now);
  const soon = session.status === "scheduled" && session.startsAt - now <= SOON_MS && now < session.endsAt;
  const canUpload = session.status !== "cancelled" && now >= session.startsAt;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold break-words">{session.title}</h1>
        {/* The countdown changes every second: shown, but not read aloud each time. */}
        <p
          role="timer"
          aria-live="off"
          className={cn(
            "inline-flex items-center gap-2 self-start rounded-full px-3 py-1 text-sm font-semibold tabular-nums",
            soon ? "bg-warning-muted text-warning-foreground" : "bg-muted text-foreground",
          )}
        >
          <ClockIcon className="size-4" aria-hidden />
          {phase}
        </p>
        <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="flex items-center gap-1.5 font-medium">
            <CalendarDaysIcon className="size-4 text-muted-foreground" aria-hidden />
            When
          </dt>
          <dd>
            <When ms={session.startsAt} now={now} timeZone={timeZone} className="text-foreground" /> · {session.durationMinutes} minutes
          </dd>
          <dt className="flex items-center gap-1.5 font-medium">
            <UserRoundIcon className="size-4 text-muted-foreground" aria-hidden />
            Coach
          </dt>
          <dd>{data.coachName}</dd>
          <dt className="flex items-center gap-1.5 font-medium">
            <UserRoundIcon className="size-4 text-muted-foreground" aria-hidden />
            Member
          </dt>
          <dd>{data.memberName}</dd>
        </dl>
        {session.description ? <p className="whitespace-pre-wrap break-words text-muted-foreground">{session.description}</p> : null}
      </header>

      <JoinPanel data={data} now={now} />

      {session.status === "scheduled" || session.status === "completed" ? <SessionAgenda session={session} memberName={data.memberName} /> : null}

      <OnboardingAnswers sessionId={session._id} />

      <section aria-labelledby="session-files-title" className="flex flex-col gap-2">
        <h2 id="session-files-title" className="text-lg font-semibold">
          Transcript and recordings
        </h2>
        {transcriptId ? (
          <Link to="/dashboard/transcripts/$id" params={{ id: transcriptId }} className={linkClass}>
            <FileTextIcon className="size-4" aria-hidden />
            Read the transcript
          </Link>
        ) : (
          <p className="text-sm text-muted-foreground">The transcript will appear here when it's ready.</p>
        )}
        <Link to="/dashboard/recordings" className={linkClass}>
          <FilmIcon className="size-4" aria-hidden />
          Your recordings
        </Link>
      </section>

      <ProposalsPanel
        session={session}
        memberName={data.memberName}
        coachName={data.coachName}
        hasTranscript={Boolean(transcriptId)}
        canRetry={data.canRun}
      />

      {data.canRun ? (
        <section aria-labelledby="run-session-title" className="flex flex-col gap-6 rounded-xl border bg-card p-6">
          <h2 id="run-session-title" className="text-lg font-semibold">
            Run this session
          </h2>
          <RunControls data={data} now={now} />
          {canUpload ? (
            <>
              <TranscriptUpload sessionId={session._id} />
              <RecordingUpload sessionId={session._id} />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">You can add the transcript and recording once the session has started.</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

/** /session/{id}: the session, a live countdown, the Join button in its window, and the coach's controls. */
export function SessionPage({ sessionId }: { sessionId: Id<"sessions"> }) {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-12">
      <LoadErrorBoundary
        key={sessionId}
        action={
          <Button asChild variant="outline">
            <a href={BOOKINGS_URL}>Go to your bookings</a>
          </Button>
        }
      >
        <SessionDetails sessionId={sessionId} />
      </LoadErrorBoundary>
    </section>
  );
}
