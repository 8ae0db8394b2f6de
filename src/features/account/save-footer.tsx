import { AlertCircleIcon, CheckCircle2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";

export type SaveState = { status: "idle" | "saving" | "saved" } | { status: "error"; message: string };

/** A settings form's submit button, what saving did (announced), and why it failed. */
export function SaveFooter({ state, label, saved = "Saved." }: { state: SaveState; label: string; saved?: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" disabled={state.status === "saving"}>
          {state.status === "saving" ? "Saving..." : label}
        </Button>
        <p role="status" className="flex items-center gap-2 font-medium">
          {state.status === "saved" ? (
            <>
              <CheckCircle2Icon className="size-5 text-success" aria-hidden />
              {saved}
            </>
          ) : null}
        </p>
      </div>
      {state.status === "error" ? (
        <p role="alert" className="flex items-center gap-2 font-medium text-destructive">
          <AlertCircleIcon className="size-5 shrink-0" aria-hidden />
          {state.message}
        </p>
      ) : null}
    </>
  );
}
