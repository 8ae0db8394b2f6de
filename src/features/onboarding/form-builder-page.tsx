import { api } from "@convex/_generated/api";
import {
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  formErrors,
  isChoice,
  ONBOARDING_MESSAGES,
  slugify,
  type AnswerValue,
  type FieldType,
  type FormField as OnboardingField,
} from "@convex/model/onboarding";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { ArrowDownIcon, ArrowUpIcon, CheckCircle2Icon, PlusIcon, Trash2Icon } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { ErrorSummary, type SummaryItem } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { fieldControlClass, Input } from "@/components/ui/input";
import { LoadingList } from "@/components/ui/skeleton";
import { AdminErrorBoundary, AdminRequired } from "@/features/admin/admin-access";
import { useTimeZone, useViewer } from "@/features/auth/viewer";
import { dateTime } from "@/lib/relative-time";
import { errorMessage, fieldErrors as serverFieldErrors } from "@/lib/user-error";
import { OnboardingFields, type Answers } from "./onboarding-fields";

type Versions = FunctionReturnType<typeof api.onboarding.formVersions>;

/** A question being edited; `key` keeps its card when questions move, `nameEdited` stops the name following the label. */
interface Draft {
  key: number;
  field: OnboardingField;
  nameEdited: boolean;
}

const PROPERTY_LABELS: Record<string, string> = { label: "Question", name: "Name", options: "Options", placeholder: "Placeholder" };

/** The control an error key (`fields.<index>.<property>`) points at. */
const controlFor = (key: number, property: string) => `question-${key}-${property}`;

function QuestionEditor({
  draft,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  draft: Draft;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (draft: Draft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { field, key } = draft;
  const error = (property: string) => errors[`fields.${index}.${property}`];
  const set = (changes: Partial<OnboardingField>) => onChange({ ...draft, field: { ...field, ...changes } });
  const number = index + 1;
  const options = field.options ?? [];
  const setOption = (at: number, label: string) =>
    set({ options: options.map((option, i) => (i === at ? { value: slugify(label), label } : option)) });

  return (
    <li className="flex flex-col gap-4 rounded-xl border bg-card p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Question {number}</h3>
        <div className="flex gap-1">
          <Button type="button" variant="ghost" size="icon" aria-label={`Move question ${number} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUpIcon aria-hidden />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move question ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDownIcon aria-hidden />
          </Button>
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove question ${number}`} onClick={onRemove}>
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      </div>
      <FormField id={controlFor(key, "label")} label="Question" required error={error("label")}>
        {(control) => (
          <Input
            {...control}
            value={field.label}
            onChange={(event) => {
              const label = event.target.value;
              onChange({ ...draft, field: { ...field, label, ...(draft.nameEdited ? {} : { name: slugify(label) }) } });
            }}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={controlFor(key, "name")}
          label="Name"
          required
          hint="Where the answer is kept: lower-case letters, numbers and underscores."
          error={error("name")}
        >
          {(control) => (
            <Input
              {...control}
              value={field.name}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(event) => onChange({ ...draft, nameEdited: true, field: { ...field, name: event.target.value } })}
            />
          )}
        </FormField>
        <FormField id={controlFor(key, "type")} label="Answer type">
          {(control) => (
            <select
              {...control}
              value={field.type}
              onChange={(event) => {
                const type = event.target.value as FieldType;
                set({ type, options: isChoice(type) ? (field.options ?? []) : undefined });
              }}
              className={fieldControlClass}
            >
              {FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {FIELD_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <label htmlFor={controlFor(key, "required")} className="flex min-h-11 cursor-pointer items-center gap-3 self-start">
        <input
          id={controlFor(key, "required")}
          type="checkbox"
          checked={field.required}
          onChange={(event) => set({ required: event.target.checked })}
          className="size-5 accent-primary"
        />
        Required
      </label>
      {isChoice(field.type) ? (
        <fieldset className="flex flex-col gap-2" aria-describedby={error("options") ? `${controlFor(key, "options")}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">Options</legend>
          {options.map((option, at) => (
            <div key={at} className="flex items-center gap-2">
              <Input
                id={at === 0 ? controlFor(key, "options") : undefined}
                aria-label={`Option ${at + 1}`}
                value={option.label}
                onChange={(event) => setOption(at, event.target.value)}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove option ${at + 1}`}
                onClick={() => set({ options: options.filter((_, i) => i !== at) })}
              >
                <Trash2Icon aria-hidden />
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            className="self-start"
            id={options.length === 0 ? controlFor(key, "options") : undefined}
            onClick={() => set({ options: [...options, { value: "", label: "" }] })}
          >
            <PlusIcon aria-hidden />
            Add an option
          </Button>
          {error("options") ? (
            <p id={`${controlFor(key, "options")}-error`} className="text-sm font-medium text-destructive">
              {error("options")}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <FormField id={controlFor(key, "placeholder")} label="Placeholder" hint="An example shown in the empty box (optional)." error={error("placeholder")}>
          {(control) => <Input {...control} value={field.placeholder ?? ""} onChange={(event) => set({ placeholder: event.target.value })} />}
        </FormField>
      )}
    </li>
  );
}

function VersionList({ versions }: { versions: Versions }) {
  const timeZone = useTimeZone();
  return (
    <section aria-labelledby="versions-title" className="flex flex-col gap-3">
      <h2 id="versions-title" className="text-xl font-semibold">
        Versions
      </h2>
      <div className="overflow-x-auto rounded-xl border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="p-3">
                Version
              </th>
              <th scope="col" className="p-3">
                Saved
              </th>
              <th scope="col" className="p-3">
                Questions
              </th>
              <th scope="col" className="p-3">
                Responses
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version, index) => (
              <tr key={version.version} className="border-t">
                <th scope="row" className="p-3 font-medium">
                  <span className="flex items-center gap-2">
                    Version {version.version}
                    {index === 0 ? <Badge variant="secondary">Current</Badge> : null}
                  </span>
                </th>
                <td className="p-3 text-muted-foreground">
                  {version.createdAt ? dateTime(version.createdAt, timeZone) : "Built in"}
                  {version.createdByName ? ` by ${version.createdByName}` : ""}
                </td>
                <td className="p-3 tabular-nums">{version.fields.length}</td>
                <td className="p-3 tabular-nums">{version.answeredCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Builder({ versions }: { versions: Versions }) {
  const save = useMutation(api.onboarding.saveForm);
  const [drafts, setDrafts] = useState<Draft[]>(() => (versions[0]?.fields ?? []).map((field, key) => ({ key, field, nameEdited: true })));
  // Keys of new questions follow the ones given above.
  const nextKey = useRef(versions[0]?.fields.length ?? 0);
  const [errors, setErrors] = useState<{ message: string; fields: Record<string, string>; key: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [preview, setPreview] = useState<Answers>({});
  const fields = drafts.map((draft) => draft.field);
  const current = versions[0]?.version ?? 1;

  function update(next: Draft[], message = "") {
    setDrafts(next);
    setSaved(null);
    setAnnouncement(message);
  }

  function move(from: number, to: number) {
    const next = [...drafts];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    update(next, `Question moved to position ${to + 1} of ${next.length}.`);
  }

  function fail(fieldErrors: Record<string, string>, message: string) {
    setErrors((last) => ({ message, fields: fieldErrors, key: (last?.key ?? 0) + 1 }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    const problems = formErrors(fields);
    if (Object.keys(problems).length > 0) return fail(problems, ONBOARDING_MESSAGES.INVALID_FORM);
    setSaving(true);
    try {
      const version = await save({ fields });
      setErrors(null);
      setSaved(version);
    } catch (error) {
      fail(serverFieldErrors(error), errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const summary: SummaryItem[] = errors
    ? Object.entries(errors.fields).map(([key, message]) => {
        const [, index, property] = key.split(".");
        const draft = drafts[Number(index)];
        return draft && property
          ? { fieldId: controlFor(draft.key, property), message: `Question ${Number(index) + 1}, ${PROPERTY_LABELS[property] ?? property}: ${message}` }
          : { fieldId: "add-question", message };
      })
    : [];

  return (
    <div className="flex flex-col gap-10">
      <div className="grid gap-8 lg:grid-cols-2">
        <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="builder-title" className="flex flex-col gap-5">
          <h2 id="builder-title" className="text-xl font-semibold">
            Questions
          </h2>
          <RequiredNote />
          {errors ? <ErrorSummary key={errors.key} message={errors.message} items={summary} /> : null}
          <ol className="flex flex-col gap-4">
            {drafts.map((draft, index) => (
              <QuestionEditor
                key={draft.key}
                draft={draft}
                index={index}
                count={drafts.length}
                errors={errors?.fields ?? {}}
                onChange={(next) => update(drafts.map((d, i) => (i === index ? next : d)))}
                onMove={(to) => move(index, to)}
                onRemove={() => update(drafts.filter((_, i) => i !== index), `Question ${index + 1} removed.`)}
              />
            ))}
          </ol>
          <Button
            id="add-question"
            type="button"
            variant="outline"
            className="self-start"
            onClick={() => {
              const draft: Draft = { key: nextKey.current++, field: { name: "", label: "", type: "text", required: false }, nameEdited: false };
              update([...drafts, draft], `Question ${drafts.length + 1} added.`);
            }}
          >
            <PlusIcon aria-hidden />
            Add a question
          </Button>
          <div className="flex flex-wrap items-center gap-3 border-t pt-5">
            <Button type="submit" size="lg" disabled={saving}>
              {saving ? "Saving..." : `Save as version ${current + 1}`}
            </Button>
            <p role="status" aria-live="polite" className="flex items-center gap-1.5 text-sm font-medium text-success">
              {saved ? (
                <>
                  <CheckCircle2Icon className="size-4" aria-hidden />
                  Saved as version {saved}. New visitors get it from now on.
                </>
              ) : null}
            </p>
          </div>
          <p className="sr-only" role="status" aria-live="polite">
            {announcement}
          </p>
        </form>
        <section aria-labelledby="preview-title" className="flex flex-col gap-4 self-start rounded-xl border bg-muted/40 p-5 lg:sticky lg:top-4">
          <h2 id="preview-title" className="text-xl font-semibold">
            Preview
          </h2>
          <p className="text-sm text-muted-foreground">What a visitor sees after booking their intro session.</p>
          <OnboardingFields
            fields={fields.filter((field) => field.label.trim())}
            values={preview}
            onChange={(name: string, value: AnswerValue) => setPreview((current) => ({ ...current, [name]: value }))}
            idPrefix="preview"
          />
        </section>
      </div>
      <VersionList versions={versions} />
    </div>
  );
}

function BuilderData() {
  const versions = useQuery(api.onboarding.formVersions, {});
  if (versions === undefined) return <LoadingList label="Loading the form" rows={3} />;
  return <Builder versions={versions} />;
}

/** /admin/form-system-setup: admins build the onboarding form; every save is a new version. */
export function FormBuilderPage() {
  const viewer = useViewer();
  return (
    <section aria-labelledby="form-setup-title" className="mx-auto w-full max-w-6xl px-4 py-12">
      <h1 id="form-setup-title" className="text-3xl font-bold">
        Onboarding form
      </h1>
      <p className="mt-2 text-muted-foreground">
        The questions a visitor answers after booking a free intro session. Saving creates a new version; answers keep the version they were given
        against.
      </p>
      <div className="mt-8">
        {viewer.status === "loading" ? (
          <LoadingList label="Loading the form" rows={3} />
        ) : viewer.status === "signed-in" && viewer.user.role === "admin" ? (
          <AdminErrorBoundary>
            <BuilderData />
          </AdminErrorBoundary>
        ) : (
          <AdminRequired redirect="/admin/form-system-setup" />
        )}
      </div>
    </section>
  );
}
