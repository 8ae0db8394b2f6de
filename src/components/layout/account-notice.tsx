import { AlertTriangleIcon } from "lucide-react";
import { LinkedText } from "@/components/linked-text";
import { useViewer } from "@/features/auth/viewer";

/** Why the app signed someone out (a deactivated account), on whatever page they are. */
export function AccountNotice() {
  const viewer = useViewer();
  if (viewer.status !== "signed-out" || !viewer.notice) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6">
      <p
        role="alert"
        className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning-muted p-4 font-medium text-warning-foreground"
      >
        <AlertTriangleIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
        <span>
          <LinkedText text={viewer.notice} />
        </span>
      </p>
    </div>
  );
}
