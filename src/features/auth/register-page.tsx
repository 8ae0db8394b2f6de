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
import { NAME_MAX } from "@convex/model/users";
import { emailSchema, firstNameSchema, lastNameSchema, newPasswordSchema, PASSWORD_MIN } from "@/lib/validation";
import { AuthCard, switchLinkClass } from "./auth-card";
import { useLocalAuth } from "./local-auth-provider";
import { AFTER_SIGN_IN, LOGIN_ROUTE } from "./redirects";
import { authFormErrors } from "./submit-error";

const FIELD_IDS = {
  firstName: "register-first-name",
  lastName: "register-last-name",
  email: "register-email",
  password: "register-password",
} as const;
type Field = keyof typeof FIELD_IDS;
const FIELDS = Object.keys(FIELD_IDS) as Field[];

const registerSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});

export function RegisterPage() {
  const { register } = useLocalAuth();
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: "/register/$" });
  const [values, setValues] = useState<Record<Field, string>>({ firstName: "", lastName: "", email: "", password: "" });
  const [submitting, setSubmitting] = useState(false);
  const form = useFormErrors(FIELD_IDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) {
      form.fail({ message: AUTH_MESSAGES.INVALID_INPUT, fields: zodFieldErrors<Field>(parsed.error) });
      return;
    }
    form.clear();
    setSubmitting(true);
    try {
      await register(parsed.data);
    } catch (error) {
      setSubmitting(false);
      form.fail(authFormErrors(error, FIELDS));
      return;
    }
    await navigate({ href: redirect ?? AFTER_SIGN_IN, replace: true });
  }

  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <AuthCard title="Create your account" intro="It takes a minute. You can change your name and time zone later.">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
        <RequiredNote />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={FIELD_IDS.firstName} label="First name" required error={form.errors?.fields.firstName}>
            {(control) => (
              <Input {...control} name="firstName" autoComplete="given-name" maxLength={NAME_MAX} value={values.firstName} onChange={update("firstName")} />
            )}
          </FormField>
          <FormField id={FIELD_IDS.lastName} label="Last name" required error={form.errors?.fields.lastName}>
            {(control) => (
              <Input {...control} name="lastName" autoComplete="family-name" maxLength={NAME_MAX} value={values.lastName} onChange={update("lastName")} />
            )}
          </FormField>
        </div>
        <FormField id={FIELD_IDS.email} label="Email address" required error={form.errors?.fields.email}>
          {(control) => (
            <EmailInput {...control} value={values.email}
              onChange={update("email")}
            />
          )}
        </FormField>
        <FormField
          id={FIELD_IDS.password}
          label="Password"
          required
          hint={`At least ${PASSWORD_MIN} characters.`}
          error={form.errors?.fields.password}
        >
          {(control) => (
            <Input
              {...control}
              name="password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={update("password")}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Creating account..." : "Create account"}
        </Button>
      </form>
      <p className="mt-6 text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link {...LOGIN_ROUTE} search={redirect ? { redirect } : {}} className={switchLinkClass}>
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
