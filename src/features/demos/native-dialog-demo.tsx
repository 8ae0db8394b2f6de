import { CheckCircle2Icon, InfoIcon } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { FormField } from "@/components/forms/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PageColumn, PageHeader, PageSection } from "@/features/marketing/page-parts";

interface NativeDialogProps {
  title: string;
  description: string;
  /** The button that opens the dialog. */
  openLabel: string;
  /** The dialog's own buttons and fields, inside a `method="dialog"` form. */
  children: ReactNode;
  /** Called with the dialog's returnValue: the value of the button that closed it, or "" after Escape. */
  onClose: (returnValue: string) => void;
}

/**
 * The browser's own modal <dialog>: showModal() makes the page behind it inert and traps focus,
 * Escape closes it, and a button in a `method="dialog"` form closes it with its value. Focus goes
 * back to the opening button ourselves, as not every browser does it.
 */
function NativeDialog({ title, description, openLabel, children, onClose }: NativeDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        onClick={() => {
          if (dialog.current) dialog.current.returnValue = "";
          dialog.current?.showModal();
        }}
      >
        {openLabel}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onClose={(event) => {
          onClose(event.currentTarget.returnValue);
          opener.current?.focus();
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border bg-background p-6 text-foreground shadow-lg backdrop:bg-black/50"
      >
        <h3 id={titleId} className="text-lg font-semibold">
          {title}
        </h3>
        <p id={descriptionId} className="mt-2 text-sm text-muted-foreground">
          {description}
        </p>
        <form method="dialog" className="mt-5 flex flex-col gap-4">
          {children}
        </form>
      </dialog>
    </>
  );
}

function Result({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex min-h-6 items-start gap-2 text-sm">
      {children}
    </p>
  );
}

function NoticeDemo() {
  const [seen, setSeen] = useState(false);
  return (
    <div className="flex flex-col items-start gap-3">
      <NativeDialog
        openLabel="Show the notice"
        title="Your session starts in 15 minutes"
        description="Find a quiet spot and open the session page a minute early."
        onClose={() => setSeen(true)}
      >
        <Button autoFocus className="self-end">
          Got it
        </Button>
      </NativeDialog>
      <Result>{seen ? "The notice was closed." : null}</Result>
    </div>
  );
}

function ConfirmDemo() {
  const [answer, setAnswer] = useState<string | null>(null);
  return (
    <div className="flex flex-col items-start gap-3">
      <NativeDialog
        openLabel="Ask to confirm"
        title="Move this session to Thursday?"
        description="Thursday 10:00 AM is free. Your coach gets an email about the change."
        onClose={setAnswer}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" value="cancel" autoFocus>
            Keep Tuesday
          </Button>
          <Button value="confirm">Move to Thursday</Button>
        </div>
      </NativeDialog>
      <Result>
        {answer === null ? null : answer === "confirm" ? (
          <>
            <CheckCircle2Icon className="size-4 text-success" aria-hidden />
            Confirmed: the session moves to Thursday.
          </>
        ) : (
          <>
            <InfoIcon className="size-4 text-primary" aria-hidden />
            {answer === "cancel" ? "Kept on Tuesday." : "Closed with Escape: nothing changed."}
          </>
        )}
      </Result>
    </div>
  );
}

function FormDemo() {
  const [saved, setSaved] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  return (
    <div className="flex flex-col items-start gap-3">
      <NativeDialog
        openLabel="Add a note"
        title="Add a note for your coach"
        description="A line about what you want to talk about. The browser checks the field before the dialog closes."
        onClose={(value) => {
          if (value === "save") setSaved(draft.trim());
        }}
      >
        <FormField id="native-dialog-note" label="Note" required>
          {(control) => <Input {...control} name="note" value={draft} onChange={(event) => setDraft(event.target.value)} autoComplete="off" />}
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          {/* formNoValidate: closing must not wait for a valid field. */}
          <Button variant="outline" value="cancel" formNoValidate>
            Cancel
          </Button>
          <Button value="save">Save note</Button>
        </div>
      </NativeDialog>
      <Result>{saved ? `Saved note: "${saved}"` : null}</Result>
    </div>
  );
}

/** /demos/native-dialog: three demos of the <dialog> element (SPEC §2). */
export function NativeDialogDemo() {
  return (
    <PageColumn labelledBy="native-dialog-title">
      <PageHeader
        id="native-dialog-title"
        eyebrow="Test page"
        title="Native dialog test"
        lead="The browser's own dialog element, without a library. Each one closes with Escape, and focus returns to the button that opened it."
      />
      <PageSection id="native-notice" title="1. A notice">
        <NoticeDemo />
      </PageSection>
      <PageSection id="native-confirm" title="2. A confirmation with a result">
        <ConfirmDemo />
      </PageSection>
      <PageSection id="native-form" title="3. A form in a dialog">
        <FormDemo />
      </PageSection>
    </PageColumn>
  );
}
