import { CAMPAIGN_TEST_TYPES, type CampaignTestType } from "@convex/model/emailSystem";
import { ROLES, TIER_ORDER } from "@convex/model/permissions";
import { isPast } from "date-fns";
import { UsersIcon } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { ErrorSummary } from "@/components/forms/error-summary";
import { FormField, RequiredNote } from "@/components/forms/form-field";
import { useFormErrors } from "@/components/forms/use-form-errors";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { fieldControlClass, Input } from "@/components/ui/input";
import { useNow } from "@/lib/use-now";
import { fieldErrors, userErrorOf } from "@/lib/user-error";
import { CampaignErrorView } from "./campaign-error-view";
import { audienceLabel, formatCount } from "./format";
import { EmptyState } from "./parts";
import { TemplatePreview, unknownMessage } from "./template-preview";
import { EMAIL_UI_TEXTS } from "./texts";
import type { CampaignAudience, NewCampaignInput, TemplateRow, TemplateTools } from "./types";

export type TemplateOption = Pick<TemplateRow, "_id" | "name" | "subject" | "body">;

const FIELD_IDS = {
  name: "campaign-name",
  templateId: "campaign-template",
  variantB: "campaign-variant-b",
  scheduleAt: "campaign-schedule-at",
} as const;
type Field = keyof typeof FIELD_IDS;

const TEST_TYPE_LABELS: Record<CampaignTestType, string> = { subject: "Subject line", content: "Content" };

/** Audiences as one select value each: "newsletter", "tier:clarity", "role:coach". */
const AUDIENCES: CampaignAudience[] = [
  { kind: "newsletter" },
  ...TIER_ORDER.map((tier) => ({ kind: "tier" as const, tier })),
  ...ROLES.map((role) => ({ kind: "role" as const, role })),
];
function audienceValue(audience: CampaignAudience): string {
  return audience.kind === "newsletter" ? "newsletter" : audience.kind === "tier" ? `tier:${audience.tier}` : `role:${audience.role}`;
}

/** "Goes to 1,234 people", or a quiet placeholder while the count loads. */
export function AudienceSizeText({ size }: { size: number | undefined }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <UsersIcon className="size-4" aria-hidden />
      {size === undefined ? "Counting recipients…" : `Goes to ${formatCount(size)} ${size === 1 ? "person" : "people"}.`}
    </p>
  );
}

/** A datetime-local value for an instant, in the device's time (what the input shows). */
function localInputValue(ms: number): string {
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

export interface NewCampaignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Active templates; undefined while loading. */
  templates: TemplateOption[] | undefined;
  /** How many people an audience reaches (the container asks the server). */
  renderAudienceSize: (audience: CampaignAudience) => ReactNode;
  /** Without it the preview shows the template as written and leaves the variable check to the server. */
  templateTools?: TemplateTools;
  /** Creates the campaign and sends or schedules it; a ConvexError's message is shown in the form. */
  onSubmit: (input: NewCampaignInput) => Promise<void>;
}

export function NewCampaignDialog({ open, onOpenChange, ...rest }: NewCampaignDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
          <NewCampaignForm {...rest} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function NewCampaignForm({ templates, renderAudienceSize, templateTools, onSubmit }: Omit<NewCampaignDialogProps, "open" | "onOpenChange">) {
  const [name, setName] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [audience, setAudience] = useState<CampaignAudience>({ kind: "newsletter" });
  const [abTest, setAbTest] = useState(false);
  const [testType, setTestType] = useState<CampaignTestType>("subject");
  const [variantB, setVariantB] = useState("");
  const [when, setWhen] = useState<"now" | "schedule">("now");
  const [scheduleAt, setScheduleAt] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; kind: "sending" | "scheduling" } | null>(null);
  const form = useFormErrors(FIELD_IDS);
  const now = useNow(60_000);

  const template = templates?.find((item) => item._id === templateId);
  const variantBSubject = abTest && testType === "subject" ? variantB : (template?.subject ?? "");
  const variantBBody = abTest && testType === "content" ? variantB : (template?.body ?? "");
  const unknownInB = abTest && templateTools ? templateTools.unknownVariables(variantB) : [];

  function check(): Partial<Record<Field, string>> {
    const problems: Partial<Record<Field, string>> = {};
    if (!name.trim()) problems.name = "Give the campaign a name.";
    if (!template) problems.templateId = "Choose a template.";
    if (abTest && !variantB.trim()) problems.variantB = `Write the second version's ${testType === "subject" ? "subject line" : "content"}.`;
    else if (unknownInB.length > 0) problems.variantB = unknownMessage(unknownInB);
    if (when === "schedule") {
      const at = scheduleAt ? new Date(scheduleAt).getTime() : Number.NaN;
      if (Number.isNaN(at)) problems.scheduleAt = "Choose when to send it.";
      else if (isPast(at)) problems.scheduleAt = "Choose a time in the future.";
    }
    return problems;
  }

  async function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const problems = check();
    if (!template || Object.keys(problems).length > 0) {
      form.fail({ message: "Please check the highlighted fields.", fields: problems });
      return;
    }
    form.clear();
    setFailure(null);
    setSubmitting(true);
    try {
      await onSubmit({
        name: name.trim(),
        templateId: template._id,
        audience,
        abTest: abTest ? { testType, subject: variantBSubject, body: variantBBody } : null,
        when: when === "now" ? { kind: "now" } : { kind: "schedule", at: new Date(scheduleAt).getTime() },
      });
    } catch (caught) {
      // The server's refusals (a bad name, a past time) are fixed in the form; anything else is a failed send.
      const refused = userErrorOf(caught);
      if (refused?.message) form.fail({ message: refused.message, fields: fieldErrors(caught) });
      else setFailure({ error: caught, kind: when === "now" ? "sending" : "scheduling" });
      setSubmitting(false);
    }
  }

  const error = (field: Field) => form.errors?.fields[field] ?? (field === "variantB" && unknownInB.length > 0 ? unknownMessage(unknownInB) : undefined);

  if (failure) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>New campaign</DialogTitle>
          <DialogDescription className="sr-only">The campaign could not go out.</DialogDescription>
        </DialogHeader>
        <CampaignErrorView kind={failure.kind} error={failure.error} onRetry={() => void submit()} onBack={() => setFailure(null)} />
      </>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>New campaign</DialogTitle>
        <DialogDescription>Pick a template and who it goes to. You can test a second version against it.</DialogDescription>
      </DialogHeader>
      {form.errors ? <ErrorSummary key={form.summaryKey} message={form.errors.message} items={form.summaryItems} /> : null}
      <RequiredNote />

      <FormField id={FIELD_IDS.name} label="Name" required hint="Only admins see it." error={error("name")}>
        {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>

      <FormField id={FIELD_IDS.templateId} label="Template" required error={error("templateId")}>
        {(control) =>
          templates !== undefined && templates.length === 0 ? (
            <EmptyState>{EMAIL_UI_TEXTS.noTemplates}</EmptyState>
          ) : (
            <select {...control} className={fieldControlClass} value={templateId} onChange={(event) => setTemplateId(event.target.value)}>
              <option value="">{templates === undefined ? "Loading templates…" : "Select a template..."}</option>
              {templates?.map((item) => (
                <option key={item._id} value={item._id}>
                  {item.name}
                </option>
              ))}
            </select>
          )
        }
      </FormField>

      <FormField id="campaign-audience" label="Audience" required>
        {(control) => (
          <select
            {...control}
            className={fieldControlClass}
            value={audienceValue(audience)}
            onChange={(event) => setAudience(AUDIENCES.find((item) => audienceValue(item) === event.target.value) ?? { kind: "newsletter" })}
          >
            {AUDIENCES.map((item) => (
              <option key={audienceValue(item)} value={audienceValue(item)}>
                {audienceLabel(item)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {renderAudienceSize(audience)}

      <fieldset className="flex flex-col gap-3 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">A/B test</legend>
        <label className="inline-flex min-h-11 items-center gap-3">
          <input type="checkbox" className="size-5" checked={abTest} onChange={(event) => setAbTest(event.target.checked)} />
          Test a second version against this one
        </label>
        {abTest ? (
          <>
            <div role="radiogroup" aria-label="What the second version changes" className="flex flex-wrap gap-x-6">
              {CAMPAIGN_TEST_TYPES.map((type) => (
                <label key={type} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="campaign-test-type"
                    className="size-5"
                    checked={testType === type}
                    onChange={() => {
                      setTestType(type);
                      setVariantB("");
                    }}
                  />
                  {TEST_TYPE_LABELS[type]}
                </label>
              ))}
            </div>
            <FormField
              id={FIELD_IDS.variantB}
              label={testType === "subject" ? "Second version's subject line" : "Second version's content"}
              required
              hint="Half the audience gets each version."
              error={error("variantB")}
            >
              {(control) =>
                testType === "subject" ? (
                  <Input {...control} value={variantB} onChange={(event) => setVariantB(event.target.value)} />
                ) : (
                  <textarea {...control} rows={6} className={fieldControlClass} value={variantB} onChange={(event) => setVariantB(event.target.value)} />
                )
              }
            </FormField>
          </>
        ) : null}
      </fieldset>

      {template ? (
        <div className="grid gap-4 md:grid-cols-2">
          <TemplatePreview title={abTest ? "Version A" : "Preview"} subject={template.subject} body={template.body} tools={templateTools} />
          {abTest ? <TemplatePreview title="Version B" subject={variantBSubject} body={variantBBody} tools={templateTools} /> : null}
        </div>
      ) : null}

      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium">When</legend>
        <div className="flex flex-wrap gap-x-6">
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name="campaign-when" className="size-5" checked={when === "now"} onChange={() => setWhen("now")} />
            Send now
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name="campaign-when" className="size-5" checked={when === "schedule"} onChange={() => setWhen("schedule")} />
            Schedule
          </label>
        </div>
        {when === "schedule" ? (
          <FormField id={FIELD_IDS.scheduleAt} label="Send at" required hint="In your device's time." error={error("scheduleAt")}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                min={localInputValue(now)}
                value={scheduleAt}
                onChange={(event) => setScheduleAt(event.target.value)}
              />
            )}
          </FormField>
        ) : null}
      </fieldset>

      <DialogFooter>
        <Button type="submit" disabled={submitting}>
          {submitting ? EMAIL_UI_TEXTS.processing : when === "now" ? "Send now" : "Schedule"}
        </Button>
      </DialogFooter>
    </form>
  );
}
