import type { Id } from "@convex/_generated/dataModel";
import { reasonError } from "@convex/model/forumRules";
import { useId, useState, type FormEvent } from "react";
import { FormField, type ControlProps } from "@/components/forms/form-field";
import { InlineError } from "@/components/forms/inline-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { fieldControlClass } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage, fieldErrors } from "@/lib/user-error";
import { cn } from "@/lib/utils";
import { useCategories } from "./data";

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  label: string;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  /** Resolves when done; a rejection's words show in the dialog, which stays open with the text kept. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** A reason is asked for (a report, a moderator hiding or deleting) and checked with the server's own rule first. */
export function ReasonDialog({ open, onOpenChange, title, description, label, confirmLabel, busyLabel, destructive = false, onConfirm }: ReasonDialogProps) {
  const id = `${useId()}-reason`;
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function change(next: boolean) {
    if (!next) {
      setReason("");
      setFieldError(undefined);
      setError(null);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = reasonError(reason);
    setFieldError(problem);
    setError(null);
    if (problem) return;
    setBusy(true);
    try {
      await onConfirm(reason.trim());
      change(false);
    } catch (caught) {
      const fields = fieldErrors(caught);
      if (fields.reason) setFieldError(fields.reason);
      else setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <FormField id={id} label={label} required hint="3 to 500 characters." error={fieldError}>
            {(control) => <textarea {...control} rows={4} value={reason} onChange={(event) => setReason(event.target.value)} className={cn(fieldControlClass, "min-h-24")} />}
          </FormField>
          <InlineError>{error}</InlineError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Are you sure?" before a member deletes their own post; an opening post without replies takes its thread along. */
export function DeleteDialog({ open, onOpenChange, opening, onConfirm }: { open: boolean; onOpenChange: (open: boolean) => void; opening: boolean; onConfirm: () => Promise<unknown> }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this post?</DialogTitle>
          <DialogDescription>
            {opening
              ? "Its text is removed for everyone. If nobody has replied yet, the whole thread goes with it."
              : "Its text is removed for everyone. A short note stays in its place so the replies still make sense."}
          </DialogDescription>
        </DialogHeader>
        <InlineError>{error}</InlineError>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Keep it
          </Button>
          <Button type="button" variant="destructive" disabled={busy} onClick={() => void confirm()}>
            {busy ? "Deleting..." : "Delete post"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CategoryChoice({ control, current, value, onChange }: { control: ControlProps; current: Id<"forumCategories">; value: string; onChange: (next: string) => void }) {
  const categories = useCategories();
  if (categories === undefined) return <Skeleton className="h-11 w-full" />;
  return (
    <select {...control} className={fieldControlClass} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">Choose a category</option>
      {categories
        .filter((category) => category._id !== current)
        .map((category) => (
          <option key={category._id} value={category._id}>
            {category.name}
          </option>
        ))}
    </select>
  );
}

/** A moderator moves a thread to another category. */
export function MoveDialog({
  open,
  onOpenChange,
  current,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: Id<"forumCategories">;
  onConfirm: (categoryId: Id<"forumCategories">) => Promise<unknown>;
}) {
  const id = `${useId()}-category`;
  const [choice, setChoice] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!choice) {
      setFieldError("Please choose a category.");
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await onConfirm(choice as Id<"forumCategories">);
      onOpenChange(false);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Move this thread</DialogTitle>
          <DialogDescription>The thread and its replies move together; followers keep following it.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <FormField id={id} label="New category" required error={fieldError}>
            {(control) => (open ? <CategoryChoice control={control} current={current} value={choice} onChange={setChoice} /> : null)}
          </FormField>
          <InlineError>{error}</InlineError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Moving..." : "Move thread"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
