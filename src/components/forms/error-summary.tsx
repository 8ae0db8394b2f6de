import { AlertCircleIcon } from "lucide-react";
import { LinkedText } from "@/components/linked-text";

export interface SummaryItem {
  /** The id of the field the error belongs to. */
  fieldId: string;
  message: string;
}

/** Stable, so it runs when the summary mounts and not on every render. */
const focusOnMount = (node: HTMLElement | null) => node?.focus();

/**
 * The errors of a submit, listed at the top of the form, each a link that moves focus to its
 * field. It takes focus when it appears, so keyboard and screen-reader users start here; forms
 * mount it afresh (a new key) for every failed submit.
 */
export function ErrorSummary({ message, items }: { message: string; items: SummaryItem[] }) {
  return (
    <div
      ref={focusOnMount}
      role="alert"
      tabIndex={-1}
      className="flex flex-col gap-2 rounded-lg border border-destructive/50 bg-card p-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertCircleIcon className="size-5 shrink-0 text-destructive" aria-hidden />
        <span>
          <LinkedText text={message} />
        </span>
      </p>
      {items.length > 0 ? (
        <ul className="ml-7 flex flex-col">
          {items.map((item) => (
            <li key={item.fieldId}>
              <a
                href={`#${item.fieldId}`}
                className="inline-flex min-h-11 items-center text-sm text-destructive underline underline-offset-4"
                onClick={(event) => {
                  // Focus rather than follow the hash: the router would treat it as a navigation.
                  event.preventDefault();
                  document.getElementById(item.fieldId)?.focus();
                }}
              >
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
