import { TEMPLATE_CATEGORIES, TEMPLATE_VARIABLES, type TemplateCategory, type TemplateVariable } from "@convex/model/emailSystem";
import { useRef, useState, type FormEvent } from "react";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { useFormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { fieldControlClass, Input } from "@/components/ui/input";
import { errorMessage, fieldErrors } from "@/lib/user-error";
import { statusLabel } from "./format";
import { TemplatePreview, unknownMessage } from "./template-preview";
import { EMAIL_UI_TEXTS } from "./texts";
import type { TemplateInput, TemplateRow, TemplateTools } from "./types";

const FIELD_IDS = { name: "template-name", category: "template-category", subject: "template-subject", body: "template-body" } as const;
type Field = keyof typeof FIELD_IDS;

const VARIABLES = Object.keys(TEMPLATE_VARIABLES) as TemplateVariable[];

/** null keeps the dialog closed; "new" creates; a row edits it. */
export type TemplateTarget = "new" | TemplateRow | null;

export interface TemplateDialogProps {
  target: TemplateTarget;
  onClose: () => void;
  templateTools?: TemplateTools;
  /** Saves a new template (no id) or changes one; a ConvexError's message is shown in the form. */
  onSave: (input: TemplateInput, id?: TemplateRow["_id"]) => Promise<void>;
}

export function TemplateDialog({ target, onClose, ...rest }: TemplateDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target !== null ? (
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
          <TemplateForm key={target === "new" ? "new" : target._id} target={target} onClose={onClose} {...rest} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function TemplateForm({ target, onClose, templateTools, onSave }: TemplateDialogProps & { target: "new" | TemplateRow }) {
  const editing = target !== "new";
  const [values, setValues] = useState<TemplateInput>(() =>
    editing ? { name: target.name, category: target.category, subject: target.subject, body: target.body } : { name: "", category: "newsletter", subject: "", body: "" },
  );
  const [saving, setSaving] = useState(false);
  const form = useFormErrors(FIELD_IDS);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // Where a clicked variable goes: the text field used last, the body at first.
  const [insertInto, setInsertInto] = useState<"subject" | "body">("body");

  const unknown = {
    subject: templateTools?.unknownVariables(values.subject) ?? [],
    body: templateTools?.unknownVariables(values.body) ?? [],
  };

  function set<K extends keyof TemplateInput>(key: K, value: TemplateInput[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function insert(variable: TemplateVariable) {
    const element = insertInto === "subject" ? subjectRef.current : bodyRef.current;
    const text = values[insertInto];
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const token = `{{${variable}}}`;
    set(insertInto, text.slice(0, start) + token + text.slice(end));
    // Back to the field, the caret after what was inserted, once React has rendered the new text.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  function check(): Partial<Record<Field, string>> {
    const problems: Partial<Record<Field, string>> = {};
    if (!values.name.trim()) problems.name = "Give the template a name.";
    if (!values.subject.trim()) problems.subject = "Write a subject line.";
    else if (unknown.subject.length > 0) problems.subject = unknownMessage(unknown.subject);
    if (!values.body.trim()) problems.body = "Write the e-mail's text.";
    else if (unknown.body.length > 0) problems.body = unknownMessage(unknown.body);
    return problems;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = check();
    if (Object.keys(problems).length > 0) {
      form.fail({ message: "Please check the highlighted fields.", fields: problems });
      return;
    }
    form.clear();
    setSaving(true);
    try {
      await onSave({ ...values, name: values.name.trim() }, editing ? target._id : undefined);
      onClose();
    } catch (caught) {
      form.fail({ message: errorMessage(caught), fields: fieldErrors(caught) });
      setSaving(false);
    }
  }

  // Unknown variables show while typing, before any save.
  const error = (field: Field) =>
    form.errors?.fields[field] ??
    (field === "subject" && unknown.subject.length > 0 ? unknownMessage(unknown.subject) : undefined) ??
    (field === "body" && unknown.body.length > 0 ? unknownMessage(unknown.body) : undefined);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{editing ? "Edit template" : "New template"}</DialogTitle>
        <DialogDescription>Plain text with variables in double braces; links are tracked when sent.</DialogDescription>
      </DialogHeader>
      {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
      <RequiredNote />

      <FormField id={FIELD_IDS.name} label="Name" required error={error("name")}>
        {(control) => <Input {...control} value={values.name} onChange={(event) => set("name", event.target.value)} />}
      </FormField>
      <FormField id={FIELD_IDS.category} label="Category" required error={error("category")}>
        {(control) => (
          <select {...control} className={fieldControlClass} value={values.category} onChange={(event) => set("category", event.target.value as TemplateCategory)}>
            {TEMPLATE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {statusLabel(category)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={FIELD_IDS.subject} label="Subject" required error={error("subject")}>
        {(control) => (
          <Input
            {...control}
            ref={subjectRef}
            value={values.subject}
            onFocus={() => setInsertInto("subject")}
            onChange={(event) => set("subject", event.target.value)}
          />
        )}
      </FormField>
      <FormField id={FIELD_IDS.body} label="Body" required error={error("body")}>
        {(control) => (
          <textarea
            {...control}
            ref={bodyRef}
            rows={8}
            className={fieldControlClass}
            value={values.body}
            onFocus={() => setInsertInto("body")}
            onChange={(event) => set("body", event.target.value)}
          />
        )}
      </FormField>

      <div className="flex flex-col gap-2">
        <h3 id="template-variables" className="text-sm font-medium">
          Allowed variables <span className="font-normal text-muted-foreground">(insert into the {insertInto})</span>
        </h3>
        <ul aria-labelledby="template-variables" className="flex flex-wrap gap-2">
          {VARIABLES.map((variable) => (
            <li key={variable}>
              <Button type="button" variant="outline" size="sm" className="font-mono" onClick={() => insert(variable)}>
                {`{{${variable}}}`}
              </Button>
            </li>
          ))}
        </ul>
      </div>

      <TemplatePreview title="Preview" subject={values.subject} body={values.body} tools={templateTools} />

      <DialogFooter>
        <Button type="submit" disabled={saving}>
          {saving ? EMAIL_UI_TEXTS.processing : editing ? "Save changes" : "Create template"}
        </Button>
      </DialogFooter>
    </form>
  );
}
