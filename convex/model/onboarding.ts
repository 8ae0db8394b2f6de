/**
 * The onboarding form after a booked intro session (SPEC §2 Booking flow, §3 Onboarding, §4, §5,
 * §7, §8, §9): its texts and timings, the default questions (version 1), and the rules that check
 * an admin's new version and a visitor's answers. Pure, so server and page share them.
 */
import { ConvexError } from "convex/values";
import { AUTH_MESSAGES, BOUND_MESSAGES, type UserError } from "./messages";

export { LOADING_MESSAGES, ONBOARDING_TEXTS, ONBOARDING_TIMING } from "./onboardingTexts";

/** The one onboarding form; SPEC §7's form_id. Versions of it are rows of onboardingForms. */
export const ONBOARDING_FORM_ID = "onboarding";

export const FIELD_TYPES = ["text", "textarea", "select", "multiselect"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: "Short answer",
  textarea: "Long answer",
  select: "Choose one",
  multiselect: "Choose any (checkboxes)",
};

export const ONBOARDING_ACTIONS = ["submit_onboarding", "complete_later"] as const;
export type OnboardingAction = (typeof ONBOARDING_ACTIONS)[number];

export interface FieldOption {
  value: string;
  label: string;
}

export interface FormField {
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  placeholder?: string;
  options?: FieldOption[];
}

export type AnswerValue = string | string[];
export interface Answer {
  name: string;
  value: AnswerValue;
}

/** Upper bounds of what is accepted, so one answer or one form cannot grow without limit. */
export const ONBOARDING_LIMITS = {
  textChars: 200,
  textareaChars: 2000,
  labelChars: 200,
  placeholderChars: 200,
  nameChars: 40,
  maxFields: 20,
  maxOptions: 20,
  optionChars: 100,
} as const;

/**
 * Version 1 of the form, seeded into onboardingForms and used as version 1 when nothing is stored
 * yet (a fresh deployment has no seed), so a visitor always gets a form.
 */
export const DEFAULT_ONBOARDING_FIELDS: FormField[] = [
  {
    name: "interests",
    label: "What would you most like help with?",
    type: "multiselect",
    required: true,
    options: [
      { value: "focus", label: "Focus and getting started" },
      { value: "time", label: "Time and planning" },
      { value: "overwhelm", label: "Feeling overwhelmed" },
      { value: "business", label: "Running my business" },
      { value: "tools", label: "Tools and automation" },
    ],
  },
  {
    name: "main_goal",
    label: "If this coaching works, what is different in three months?",
    type: "textarea",
    required: false,
    placeholder: "A sentence or two is plenty.",
  },
  {
    name: "obstacles",
    label: "What tends to get in the way?",
    type: "textarea",
    required: false,
    placeholder: "For example: too many tabs open, forgetting follow-ups.",
  },
  {
    name: "contact_preference",
    label: "How should your coach reach you between sessions?",
    type: "select",
    required: false,
    options: [
      { value: "email", label: "E-mail" },
      { value: "dashboard", label: "Dashboard messages only" },
      { value: "none", label: "Please don't contact me between sessions" },
    ],
  },
  {
    name: "preferred_name",
    label: "What would you like your coach to call you?",
    type: "text",
    required: false,
  },
];

export const ONBOARDING_MESSAGES = {
  INVALID_ONBOARDING: AUTH_MESSAGES.INVALID_INPUT,
  INVALID_FORM: "Please check the highlighted fields. Nothing was saved.",
  BOOKING_NOT_FOUND: "We couldn't find that booking.",
} as const;

/** Field texts: what is wrong with one answer or one question of the builder. */
export const ONBOARDING_FIELD_ERRORS = {
  required: "Please answer this question.",
  notAnOption: "Please choose one of the options shown.",
  tooLong: BOUND_MESSAGES.tooLong,
  unknownField: "This question isn't part of the form.",
  tooManyAnswers: "There are more answers than the form has questions.",
  unknownForm: "This form isn't available.",
  unknownVersion: "This form has changed. Please reload the page to see the current questions.",
  labelRequired: "Please enter the question.",
  nameInvalid: "Use lower-case letters, numbers and underscores, starting with a letter.",
  nameDuplicate: "Another question already uses this name.",
  optionsRequired: "Add at least one option.",
  optionInvalid: "Each option needs a label, and no two options may be the same.",
  tooManyOptions: `Use at most ${ONBOARDING_LIMITS.maxOptions} options.`,
  fieldsRequired: "Add at least one question.",
  tooManyFields: `Use at most ${ONBOARDING_LIMITS.maxFields} questions.`,
} as const;

export type OnboardingErrorCode = keyof typeof ONBOARDING_MESSAGES;

export function onboardingError(code: OnboardingErrorCode, fields?: Record<string, string>) {
  const data: UserError = fields ? { code, message: ONBOARDING_MESSAGES[code], fields } : { code, message: ONBOARDING_MESSAGES[code] };
  return new ConvexError(data);
}

const NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

/** A name for a new question from its label: "What gets in the way?" -> "what_gets_in_the_way". */
export function slugify(label: string): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[^a-z]+/, "")
    .replace(/_+$/, "")
    .slice(0, ONBOARDING_LIMITS.nameChars)
    .replace(/_+$/, "");
  return slug || "question";
}

export const isChoice = (type: FieldType) => type === "select" || type === "multiselect";

/**
 * What is wrong with an admin's form, keyed `fields.<index>.<property>` (and `fields` for the
 * list itself); empty when it may be saved.
 */
export function formErrors(fields: FormField[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (fields.length === 0) errors.fields = ONBOARDING_FIELD_ERRORS.fieldsRequired;
  if (fields.length > ONBOARDING_LIMITS.maxFields) errors.fields = ONBOARDING_FIELD_ERRORS.tooManyFields;
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    const at = (property: string) => `fields.${index}.${property}`;
    const label = field.label.trim();
    if (!label) errors[at("label")] = ONBOARDING_FIELD_ERRORS.labelRequired;
    else if (label.length > ONBOARDING_LIMITS.labelChars) errors[at("label")] = ONBOARDING_FIELD_ERRORS.tooLong(ONBOARDING_LIMITS.labelChars);
    if (!NAME_PATTERN.test(field.name) || field.name.length > ONBOARDING_LIMITS.nameChars) errors[at("name")] = ONBOARDING_FIELD_ERRORS.nameInvalid;
    else if (seen.has(field.name)) errors[at("name")] = ONBOARDING_FIELD_ERRORS.nameDuplicate;
    seen.add(field.name);
    if ((field.placeholder ?? "").length > ONBOARDING_LIMITS.placeholderChars) {
      errors[at("placeholder")] = ONBOARDING_FIELD_ERRORS.tooLong(ONBOARDING_LIMITS.placeholderChars);
    }
    if (isChoice(field.type)) {
      const options = field.options ?? [];
      const values = new Set(options.map((option) => option.value));
      if (options.length === 0) errors[at("options")] = ONBOARDING_FIELD_ERRORS.optionsRequired;
      else if (options.length > ONBOARDING_LIMITS.maxOptions) errors[at("options")] = ONBOARDING_FIELD_ERRORS.tooManyOptions;
      else if (
        values.size !== options.length ||
        options.some(
          (option) =>
            !option.label.trim() ||
            !option.value.trim() ||
            option.label.length > ONBOARDING_LIMITS.optionChars ||
            option.value.length > ONBOARDING_LIMITS.optionChars,
        )
      ) {
        errors[at("options")] = ONBOARDING_FIELD_ERRORS.optionInvalid;
      }
    }
  });
  return errors;
}

/** An admin's form as it is stored: labels trimmed, options only on choice questions, no empty placeholder. */
export function normalizeForm(fields: FormField[]): FormField[] {
  return fields.map((field) => {
    const placeholder = field.placeholder?.trim();
    return {
      name: field.name,
      label: field.label.trim(),
      type: field.type,
      required: field.required,
      ...(placeholder ? { placeholder } : {}),
      ...(isChoice(field.type) ? { options: (field.options ?? []).map((o) => ({ value: o.value.trim(), label: o.label.trim() })) } : {}),
    };
  });
}

/** Longest answer a question takes. */
export const maxChars = (type: FieldType) => (type === "textarea" ? ONBOARDING_LIMITS.textareaChars : ONBOARDING_LIMITS.textChars);

/** Whether an answer says nothing: blank text or no boxes ticked. */
export const isBlank = (value: AnswerValue | undefined) =>
  value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === "");

/**
 * What is wrong with a visitor's answers to `fields`, keyed by question name; empty when they may
 * be saved. Unknown questions are named too, so nothing the form did not ask is stored.
 */
export function answerErrors(fields: FormField[], answers: Answer[]): Record<string, string> {
  // More answers than any form may have questions: refused whole, before naming each one.
  if (answers.length > ONBOARDING_LIMITS.maxFields) return { answers: ONBOARDING_FIELD_ERRORS.tooManyAnswers };
  const errors: Record<string, string> = {};
  const byName = new Map(fields.map((field) => [field.name, field]));
  const given = new Map<string, AnswerValue>();
  for (const answer of answers) {
    if (!byName.has(answer.name) || given.has(answer.name)) errors[answer.name] = ONBOARDING_FIELD_ERRORS.unknownField;
    given.set(answer.name, answer.value);
  }
  for (const field of fields) {
    const value = given.get(field.name);
    if (isBlank(value)) {
      if (field.required) errors[field.name] = ONBOARDING_FIELD_ERRORS.required;
      continue;
    }
    const allowed = new Set((field.options ?? []).map((option) => option.value));
    if (field.type === "multiselect") {
      const values = Array.isArray(value) ? value : [];
      if (!Array.isArray(value) || values.some((v) => !allowed.has(v)) || new Set(values).size !== values.length) {
        errors[field.name] = ONBOARDING_FIELD_ERRORS.notAnOption;
      }
    } else if (typeof value !== "string") {
      errors[field.name] = ONBOARDING_FIELD_ERRORS.notAnOption;
    } else if (field.type === "select") {
      if (!allowed.has(value)) errors[field.name] = ONBOARDING_FIELD_ERRORS.notAnOption;
    } else if (value.length > maxChars(field.type)) {
      errors[field.name] = ONBOARDING_FIELD_ERRORS.tooLong(maxChars(field.type));
    }
  }
  return errors;
}

/** The answers as stored: in the form's order, text trimmed, blank answers left out. */
export function normalizeAnswers(fields: FormField[], answers: Answer[]): Answer[] {
  const given = new Map(answers.map((answer) => [answer.name, answer.value]));
  return fields.flatMap((field) => {
    const value = given.get(field.name);
    if (isBlank(value)) return [];
    return [{ name: field.name, value: typeof value === "string" ? value.trim() : value! }];
  });
}

/** The text a coach reads for one answer: option labels rather than their values. */
export function answerText(field: FormField | undefined, value: AnswerValue): string {
  const label = (v: string) => field?.options?.find((option) => option.value === v)?.label ?? v;
  return Array.isArray(value) ? value.map(label).join(", ") : field?.type === "select" ? label(value) : value;
}
