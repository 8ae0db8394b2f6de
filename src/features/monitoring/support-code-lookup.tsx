import type { Doc } from "@convex/_generated/dataModel";
import { SearchIcon, SearchXIcon } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { When } from "@/features/email-system/parts";

export const LOOKUP_TEXTS = {
  label: "Support code",
  hint: "The code a member quotes from an error message, like LW-…",
  submit: "Find error",
  empty: "Enter a support code first.",
  notFound: "No error with that code",
  notFoundHint: "Check the code for typos; codes are kept as long as the error records are.",
  searching: "Looking up the code",
} as const;

/** The form; what a submitted code points at is drawn by `renderResult` (live, from the server). */
export function SupportCodeLookup({ renderResult }: { renderResult: (reference: string) => ReactNode }) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState("");
  const [reference, setReference] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = text.trim();
    setEmpty(code === "");
    setReference(code === "" ? null : code);
  }

  return (
    <div className="flex flex-col gap-4">
      <form role="search" aria-label="Find an error by support code" onSubmit={submit} noValidate className="flex flex-col gap-2">
        <Label htmlFor={inputId}>{LOOKUP_TEXTS.label}</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="LW-…"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            aria-invalid={empty || undefined}
            className="max-w-xs font-mono"
          />
          <Button type="submit">
            <SearchIcon aria-hidden />
            {LOOKUP_TEXTS.submit}
          </Button>
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          {empty ? LOOKUP_TEXTS.empty : LOOKUP_TEXTS.hint}
        </p>
      </form>
      <div aria-live="polite">{reference === null ? null : renderResult(reference)}</div>
    </div>
  );
}

type ErrorRecord = Doc<"errorRecords">;

/** What a code points at: undefined while the server looks, null when no record has it. */
export function ErrorRecordResult({ record }: { record: ErrorRecord | null | undefined }) {
  if (record === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2 rounded-xl border p-4">
        <span className="sr-only">{LOOKUP_TEXTS.searching}</span>
        <Skeleton className="h-5 w-56 max-w-full" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
    );
  }
  if (record === null) {
    return (
      <div className="flex flex-col gap-1 rounded-xl border border-dashed p-4">
        <p className="flex items-center gap-2 font-medium">
          <SearchXIcon className="size-4 text-muted-foreground" aria-hidden />
          {LOOKUP_TEXTS.notFound}
        </p>
        <p className="text-sm text-muted-foreground">{LOOKUP_TEXTS.notFoundHint}</p>
      </div>
    );
  }
  const rows: [string, ReactNode][] = [
    ["Support code", <span className="font-mono">{record.reference}</span>],
    ["When", <When at={record.timestamp} past />],
    ["Code", <span className="font-mono">{record.code}</span>],
    ["Category", record.category],
    ["Severity", record.severity],
    ["Service", record.service],
    ["Reported", record.reported ? "Yes" : "No"],
    ...(record.userId ? ([["Account", <span className="font-mono break-all">{record.userId}</span>]] as [string, ReactNode][]) : []),
    ...(record.details ? ([["What happened", <span className="font-mono break-words whitespace-pre-wrap">{record.details}</span>]] as [string, ReactNode][]) : []),
    ...(record.recovery ? ([["How to recover", record.recovery]] as [string, ReactNode][]) : []),
    ...Object.entries(record.context ?? {}).map(([key, value]): [string, ReactNode] => [key, <span className="break-all">{value}</span>]),
  ];
  return (
    <article aria-label={`Error ${record.reference ?? record.code}`} className="flex flex-col gap-3 rounded-xl border p-4">
      <h3 className="font-semibold">{record.title}</h3>
      <p className="break-words">{record.message}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value], index) => (
          <div key={`${index}-${term}`} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
