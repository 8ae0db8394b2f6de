import type { TemplateTools } from "./types";

/** The inline message for {{names}} that are not template variables. */
export function unknownMessage(names: readonly string[]): string {
  const list = names.map((name) => `{{${name}}}`).join(", ");
  return `${names.length === 1 ? "Not a known variable" : "Not known variables"}: ${list}. Use one of the allowed variables.`;
}

/**
 * The e-mail as a recipient would read it, with sample values in the variables when the
 * template helpers are given (otherwise as written).
 */
export function TemplatePreview({ title, subject, body, tools }: { title: string; subject: string; body: string; tools?: TemplateTools }) {
  const fill = tools?.preview ?? ((text: string) => text);
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-2 rounded-lg border bg-muted/40 p-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="text-sm">
        <span className="text-muted-foreground">Subject: </span>
        <span className="font-medium break-words">{fill(subject)}</span>
      </p>
      <p className="text-sm break-words whitespace-pre-wrap">{fill(body)}</p>
    </section>
  );
}
