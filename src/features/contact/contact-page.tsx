import { api } from "@convex/_generated/api";
import { CONTACT_LIMITS, CONTACT_SUBJECT_LABELS, CONTACT_TEXT, contactErrors } from "@convex/model/contact";
import { CONTACT_SUBJECTS, type ContactSubject } from "@convex/model/contactSubjects";
import { AUTH_MESSAGES, type UserError } from "@convex/model/messages";
import { useMutation } from "convex/react";
import type { FunctionArgs } from "convex/server";
import { ConvexError } from "convex/values";
import { CheckCircle2Icon, ClockIcon } from "lucide-react";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { EmailInput } from "@/components/forms/email-input";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField } from "@/components/forms/form-field";
import { useFormErrors, type FormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { fieldControlClass, Input } from "@/components/ui/input";
import { useViewer } from "@/features/auth/viewer";
import { cn } from "@/lib/utils";
import { contactPrefill, type ContactSubjectParam } from "./contact-topics";

const FIELD_IDS = { name: "contact-name", email: "contact-email", subject: "contact-subject", message: "contact-message" } as const;
type Field = keyof typeof FIELD_IDS;
export type Values = { subject: ContactSubject | ""; message: string };

export const CONTACT_SEND_FAILED = "We couldn't send your message. Check your connection and try again.";

/** The server's answer as the form shows it: field messages beside the fields, else its message alone. */
export function contactSubmitErrors(error: unknown): FormErrors<Field> {
  if (error instanceof ConvexError) {
    const data = error.data as UserError;
    const fields = Object.fromEntries(
      Object.entries(data.fields ?? {}).filter(([key]) => Object.hasOwn(FIELD_IDS, key)),
    ) as Partial<Record<Field, string>>;
    return { message: data.message, fields };
  }
  console.error("Contact form failed", error);
  return { message: CONTACT_SEND_FAILED, fields: {} };
}

type Who = { name: string; email: string };
export type ContactInput = FunctionArgs<typeof api.contact.submit>;

interface ContactFormProps {
  initial: Values;
  who: Who;
  /** Delivers the checked message; the page sends it to the backend, the UI patterns demo only pretends. */
  send: (input: ContactInput) => Promise<unknown>;
  onSent: () => void;
}

export function ContactForm({ initial, who, send, onSent }: ContactFormProps) {
  const [values, setValues] = useState<Values & Who>({ ...initial, name: who.name, email: who.email });
  // A member's details arrive after sign-in settles: fill them into fields still empty, never over what was typed.
  const [filledFor, setFilledFor] = useState(who.email);
  if (who.email !== filledFor) {
    setFilledFor(who.email);
    setValues((current) => ({ ...current, name: current.name || who.name, email: current.email || who.email }));
  }
  const [sending, setSending] = useState(false);
  const form = useFormErrors(FIELD_IDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { name: values.name, email: values.email, message: values.message, ...(values.subject ? { subject: values.subject } : {}) };
    const fields = contactErrors(input);
    if (Object.keys(fields).length > 0) {
      form.fail({ message: AUTH_MESSAGES.INVALID_INPUT, fields });
      return;
    }
    form.clear();
    setSending(true);
    try {
      await send({ ...input, name: input.name.trim(), email: input.email.trim(), message: input.message.trim() });
    } catch (error) {
      setSending(false);
      form.fail(contactSubmitErrors(error));
      return;
    }
    setSending(false);
    onSent();
  }

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="sr-only">
        Send a message
      </h2>
      {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
      <p className="text-sm text-muted-foreground">
        <span className="text-destructive" aria-hidden>
          *{" "}
        </span>
        {CONTACT_TEXT.requiredNote}
      </p>
      <FormField id={FIELD_IDS.name} label="Name" required error={form.errors?.fields.name}>
        {(control) => (
          <Input {...control} name="name" autoComplete="name" maxLength={CONTACT_LIMITS.name} value={values.name} onChange={update("name")} />
        )}
      </FormField>
      <FormField id={FIELD_IDS.email} label="Email address" required error={form.errors?.fields.email}>
        {(control) => (
          <EmailInput {...control} maxLength={CONTACT_LIMITS.email}
            value={values.email}
            onChange={update("email")}
          />
        )}
      </FormField>
      <FormField id={FIELD_IDS.subject} label="Subject" hint="Optional" error={form.errors?.fields.subject}>
        {(control) => (
          <select {...control} name="subject" value={values.subject} onChange={update("subject")} className={fieldControlClass}>
            <option value="">Choose a subject</option>
            {CONTACT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {CONTACT_SUBJECT_LABELS[subject]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={FIELD_IDS.message} label="Message" required error={form.errors?.fields.message}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={7}
            maxLength={CONTACT_LIMITS.message}
            value={values.message}
            onChange={update("message")}
            className={cn(fieldControlClass, "min-h-40 resize-y")}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={sending} className="self-start">
        {sending ? "Sending..." : "Send message"}
      </Button>
    </form>
  );
}

/** The form wired to the backend; the mutation hook needs the Convex client, which the demo does without. */
function ConvexContactForm(props: Omit<ContactFormProps, "send">) {
  const submitMessage = useMutation(api.contact.submit);
  return <ContactForm {...props} send={submitMessage} />;
}

/** The thanks after a message is sent, and the way to write another. */
export function ContactSent({ onAnother, note }: { onAnother: () => void; note?: string }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-xl border bg-card p-6">
      <p className="flex items-start gap-2 text-lg font-semibold">
        <CheckCircle2Icon className="mt-1 size-5 shrink-0 text-success" aria-hidden />
        {CONTACT_TEXT.sent}
        {note ? ` ${note}` : null}
      </p>
      <Button variant="outline" onClick={onAnother}>
        Send another message
      </Button>
    </div>
  );
}

export function ContactPage({ subject }: { subject?: ContactSubjectParam }) {
  const prefill = contactPrefill(subject);
  const viewer = useViewer();
  // Members need not type who they are; they can still change it.
  const who: Who =
    viewer.status === "signed-in"
      ? { name: `${viewer.user.firstName} ${viewer.user.lastName}`.trim(), email: viewer.user.email }
      : { name: "", email: "" };
  const [sent, setSent] = useState(false);
  // A new key gives a fresh, empty form after "Send another message".
  const [formKey, setFormKey] = useState(0);
  return (
    <section aria-labelledby="contact-title" className="mx-auto max-w-2xl px-4 py-16">
      <h1 id="contact-title" className="text-3xl font-bold sm:text-4xl">
        Contact us
      </h1>
      <p className="mt-3 text-lg text-muted-foreground">
        A question about coaching, a course or your account? Write a few lines; there is no wrong way to ask.
      </p>
      <p className="mt-3 inline-flex items-center gap-2 font-medium">
        <ClockIcon className="size-5 text-primary" aria-hidden />
        {CONTACT_TEXT.responseNote}
      </p>
      <div role="status" aria-live="polite" className="mt-8 empty:hidden">
        {sent ? (
          <ContactSent
            onAnother={() => {
              setSent(false);
              setFormKey((key) => key + 1);
            }}
          />
        ) : null}
      </div>
      {sent ? null : (
        <div className="mt-8">
          <ConvexContactForm key={formKey} initial={prefill} who={who} onSent={() => setSent(true)} />
        </div>
      )}
    </section>
  );
}
