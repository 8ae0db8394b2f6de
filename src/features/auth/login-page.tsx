import { AUTH_MESSAGES } from "@convex/model/messages";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { z } from "zod";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { useFormErrors, zodFieldErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { EmailInput } from "@/components/forms/email-input";
import { Input } from "@/components/ui/input";
import { emailSchema, FIELD_MESSAGES } from "@/lib/validation";
import { AuthCard, switchLinkClass } from "./auth-card";
import { useLocalAuth } from "./local-auth-provider";
import { AFTER_SIGN_IN, REGISTER_ROUTE } from "./redirects";
import { authFormErrors } from "./submit-error";

const FIELD_IDS = { email: "login-email", password: "login-password" } as const;
type Field = keyof typeof FIELD_IDS;

const loginSchema = z.object({
  email: emailSchema,
  // Any length: accounts made under older rules must still be able to sign in.
  password: z.string().min(1, FIELD_MESSAGES.passwordRequired),
});

export function LoginPage() {
  const { signIn } = useLocalAuth();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: "/login/$" });
  const [values, setValues] = useState<Record<Field, string>>({ email: "", password: "" });
  const [submitting, setSubmitting] = useState(false);
  const form = useFormErrors(FIELD_IDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      form.fail({ message: AUTH_MESSAGES.INVALID_INPUT, fields: zodFieldErrors<Field>(parsed.error) });
      return;
    }
    form.clear();
    setSubmitting(true);
    try {
      await signIn(parsed.data);
    } catch (error) {
      setSubmitting(false);
      form.fail(authFormErrors(error, ["email", "password"]));
      return;
    }
    await navigate({ href: redirect ?? AFTER_SIGN_IN, replace: true });
  }

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <AuthCard title="Sign in" intro="Welcome back. Sign in to see your sessions, time balance and action items.">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
        <RequiredNote />
        <FormField id={FIELD_IDS.email} label="Email address" required error={form.errors?.fields.email}>
          {(control) => (
            <EmailInput {...control} value={values.email}
              onChange={update("email")}
            />
          )}
        </FormField>
        <FormField id={FIELD_IDS.password} label="Password" required error={form.errors?.fields.password}>
          {(control) => (
            <Input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={update("password")}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Signing in..." : "Sign in"}
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted-foreground">
        New here?{" "}
        <Link {...REGISTER_ROUTE} search={redirect ? { redirect } : {}} className={switchLinkClass}>
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
