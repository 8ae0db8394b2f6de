import { maxChars, ONBOARDING_TEXTS, type AnswerValue, type FormField as OnboardingField } from "@convex/model/onboarding";
import { AlertCircleIcon } from "lucide-react";
import { FormField } from "@/components/forms/form-field";
import { fieldControlClass, Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export type Answers = Record<string, AnswerValue>;

/** The id of a question's control, unique per place the form is shown (inline, window, preview). */
export const controlId = (prefix: string, name: string) => `${prefix}-${name}`;

interface FieldsProps {
  fields: OnboardingField[];
  values: Answers;
  errors?: Record<string, string>;
  onChange: (name: string, value: AnswerValue) => void;
  /** Keeps ids apart when the same form is on the page twice. */
  idPrefix: string;
  disabled?: boolean;
}

/** A checkbox group: a fieldset whose legend is the question, so each box is read with it. */
function Checkboxes({ field, id, value, error, onChange, disabled }: {
  field: OnboardingField;
  id: string;
  value: string[];
  error: string | undefined;
  onChange: (value: string[]) => void;
  disabled: boolean;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error)}>
      <legend className="mb-1.5 text-sm leading-none font-medium">
        {field.label}
        {field.required ? (
          <>
            <span className="ml-1 text-destructive" aria-hidden>
              *
            </span>
            <span className="sr-only"> (required)</span>
          </>
        ) : null}
      </legend>
      {field.options?.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${index}`;
        return (
          <label key={option.value} htmlFor={optionId} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-1">
            <input
              id={optionId}
              type="checkbox"
              name={`response_${field.name}`}
              value={option.value}
              checked={value.includes(option.value)}
              disabled={disabled}
              onChange={(event) => onChange(event.target.checked ? [...value, option.value] : value.filter((v) => v !== option.value))}
              className="size-5 accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/60"
            />
            <span>{option.label}</span>
          </label>
        );
      })}
      {error ? (
        <p id={errorId} className="flex items-center gap-1.5 text-sm font-medium text-destructive">
          <AlertCircleIcon className="size-4 shrink-0" aria-hidden />
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The questions of one form version as the visitor sees them (SPEC §5): required ones marked,
 * a select with the empty 'Select an option...', a multiselect as checkboxes. Inputs carry the
 * SPEC §7 names (response_{fieldname}).
 */
export function OnboardingFields({ fields, values, errors = {}, onChange, idPrefix, disabled = false }: FieldsProps) {
  const set = (name: string) => (value: AnswerValue) => onChange(name, value);
  return (
    <div className="flex flex-col gap-5">
      {fields.map((field) => {
        const id = controlId(idPrefix, field.name);
        const error = errors[field.name];
        const value = values[field.name];
        if (field.type === "multiselect") {
          return (
            <Checkboxes
              key={field.name}
              field={field}
              id={id}
              value={Array.isArray(value) ? value : []}
              error={error}
              onChange={set(field.name)}
              disabled={disabled}
            />
          );
        }
        const text = typeof value === "string" ? value : "";
        return (
          <FormField key={field.name} id={id} label={field.label} required={field.required} error={error}>
            {(control) =>
              field.type === "select" ? (
                <select
                  {...control}
                  name={`response_${field.name}`}
                  value={text}
                  disabled={disabled}
                  onChange={(event) => set(field.name)(event.target.value)}
                  className={fieldControlClass}
                >
                  <option value="">{ONBOARDING_TEXTS.selectPlaceholder}</option>
                  {field.options?.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ) : field.type === "textarea" ? (
                <textarea
                  {...control}
                  name={`response_${field.name}`}
                  value={text}
                  placeholder={field.placeholder}
                  maxLength={maxChars("textarea")}
                  rows={4}
                  disabled={disabled}
                  onChange={(event) => set(field.name)(event.target.value)}
                  className={cn(fieldControlClass, "min-h-24")}
                />
              ) : (
                <Input
                  {...control}
                  name={`response_${field.name}`}
                  value={text}
                  placeholder={field.placeholder}
                  maxLength={maxChars("text")}
                  disabled={disabled}
                  onChange={(event) => set(field.name)(event.target.value)}
                />
              )
            }
          </FormField>
        );
      })}
    </div>
  );
}
