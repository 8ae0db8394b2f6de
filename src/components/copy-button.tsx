import { COPIED_MS } from "@convex/model/intro";
import { INTRO_MESSAGES } from "@convex/model/messages";
import { CopyIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * Copies `text`; "Copied!" shows for COPIED_MS (SPEC §9) in a status region, so screen readers
 * hear it too. A refused clipboard says so, with `failedHint`, instead of pretending.
 */
export function CopyButton({ text, label = "Copy", failedHint }: { text: string; label?: string; failedHint: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" onClick={() => void copy()}>
        <CopyIcon aria-hidden />
        {label}
      </Button>
      <span role="status" className="text-sm font-medium">
        {state === "copied" ? INTRO_MESSAGES.COPIED : state === "failed" ? `Copying didn't work here. ${failedHint}` : ""}
      </span>
    </div>
  );
}
