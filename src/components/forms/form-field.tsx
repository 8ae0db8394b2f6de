import { AlertCircleIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";

export interface ControlProps {
  id: string;
  required: boolean;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
}

interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  /** Renders the control (input, select) with the props that tie it to its label, hint and error. */
  children: (control: ControlProps) => ReactNode;
}

/** Label above the field, required fields marked, the error right under the field (UX.md, Forms). */
export function FormField({ id, label, required = false, hint, error, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span className="ml-1 text-destructive" aria-hidden>
            *
          </span>
        ) : null}
      </Label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children({ id, required, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {error ? (
        <p id={errorId} className="flex items-center gap-1.5 text-sm font-medium text-destructive">
          <AlertCircleIcon className="size-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function RequiredNote() {
  return (
    <p className="text-sm text-muted-foreground">
      Required fields are marked with{" "}
      <span className="text-destructive" aria-hidden>
        *
      </span>
      <span className="sr-only">an asterisk</span>.
    </p>
  );
}
