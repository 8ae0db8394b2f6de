import { CONTACT_LIMITS, newsletterErrors } from "@convex/model/contact";
import { AUTH_MESSAGES } from "@convex/model/authMessages";
import { useRouterState } from "@tanstack/react-router";
import { CheckCircle2Icon, InfoIcon, MailIcon } from "lucide-react";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField } from "@/components/forms/form-field";
import { useFormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { EmailInput } from "@/components/forms/email-input";
import { Input } from "@/components/ui/input";
import { NEWSLETTER_FORM_ACTION, NEWSLETTER_TEXT, noticeFor, outcomeFromSearch, postNewsletter, type NewsletterResult } from "./newsletter";

const FIELD_IDS = { name: "newsletter-name", email: "newsletter-email" } as const;
type Status = "idle" | "submitting" | "subscribed";

const noChange = () => () => {};

/**
 * The newsletter sign-up (SPEC §4, §7). A real form that posts to /newsletter/subscribe, so it
 * works without JavaScript; with JavaScript it posts to /api/newsletter and stays on the page,
 * and falls back to the plain post when that endpoint cannot be reached. `post` replaces the call
 * to /api/newsletter (the UI patterns demo answers itself and signs nobody up).
 */
export function NewsletterSection({ post = postNewsletter }: { post?: (data: FormData) => Promise<NewsletterResult> } = {}) {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  // What the no-JavaScript post reported when it sent the visitor back here.
  const [returned] = useState(() => outcomeFromSearch(searchStr));
  // The home page is prerendered without it: shown from the render after hydration, so the first
  // one matches the markup (a mismatch would make React render the whole page anew).
  const hydrated = useSyncExternalStore(noChange, () => true, () => false);
  const shown = hydrated ? returned : null;
  const [submitted, setStatus] = useState<Status>("idle");
  const status: Status = submitted === "idle" && shown?.outcome === "subscribed" ? "subscribed" : submitted;
  const form = useFormErrors(FIELD_IDS);
  const notice = status === "idle" && !form.errors && shown ? noticeFor(shown) : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const data = new FormData(element);
    const text = (key: string) => {
      const value = data.get(key);
      return typeof value === "string" ? value : "";
    };
    const fields = newsletterErrors({ name: text("name"), email: text("email") });
    if (Object.keys(fields).length > 0) {
      form.fail({ message: AUTH_MESSAGES.INVALID_INPUT, fields });
      return;
    }
    form.clear();
    setStatus("submitting");
    const result = await post(data);
    if (result.kind === "subscribed") {
      setStatus("subscribed");
    } else if (result.kind === "rejected") {
      setStatus("idle");
      form.fail({ message: result.message, fields: result.fields });
    } else {
      // The endpoint is unreachable or failing: the plain form post still gets the visitor signed up.
      element.submit();
    }
  }

  return (
    <section id="newsletter" aria-labelledby="newsletter-title" className="scroll-mt-20 border-y bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 md:grid-cols-[2fr_3fr]">
        <div>
          <MailIcon className="size-6 text-primary" aria-hidden />
          <h2 id="newsletter-title" className="mt-3 text-2xl font-bold sm:text-3xl">
            Calm ideas in your inbox
          </h2>
          <p className="mt-3 text-muted-foreground">
            Practical tips on focus, planning and tools for ADHD minds, plus news of live events. No spam, and you can
            unsubscribe at any time.
          </p>
        </div>
        <div>
          <div role="status" aria-live="polite" className="empty:hidden">
            {status === "subscribed" ? (
              <p className="flex items-start gap-2 rounded-xl border bg-card p-6 text-lg font-semibold">
                <CheckCircle2Icon className="mt-1 size-5 shrink-0 text-success" aria-hidden />
                {NEWSLETTER_TEXT.thanks}
              </p>
            ) : null}
          </div>
          {status === "subscribed" ? null : (
            <form
              method="post"
              action={NEWSLETTER_FORM_ACTION}
              noValidate
              onSubmit={(event) => void submit(event)}
              className="flex flex-col gap-4"
            >
              {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
              {notice ? (
                <p role="alert" className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning-muted p-4 text-warning-foreground">
                  <InfoIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
                  {notice}
                </p>
              ) : null}
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField id={FIELD_IDS.name} label="Name" required error={form.errors?.fields.name}>
                  {(control) => <Input {...control} name="name" autoComplete="name" maxLength={CONTACT_LIMITS.name} />}
                </FormField>
                <FormField id={FIELD_IDS.email} label="Email address" required error={form.errors?.fields.email}>
                  {(control) => <EmailInput {...control} />}
                </FormField>
              </div>
              <Button type="submit" size="lg" disabled={status === "submitting"} className="self-start">
                {status === "submitting" ? NEWSLETTER_TEXT.submitting : NEWSLETTER_TEXT.submit}
              </Button>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}
