import { AlertTriangleIcon } from "lucide-react";
import type { ReactNode } from "react";
import { LinkedText } from "@/components/linked-text";
import { cn } from "@/lib/utils";

/** An error said where it happened: red, with an icon, announced at once. Renders nothing without a message. */
export function InlineError({ children, className }: { children?: ReactNode; className?: string }) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <div role="alert" className={cn("flex items-start gap-2 text-sm font-medium text-destructive", className)}>
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>{typeof children === "string" ? <LinkedText text={children} /> : children}</div>
    </div>
  );
}
