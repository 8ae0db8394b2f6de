import { LoaderCircleIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A spinning ring with a spoken label, for a wait after an action (a button press). Content that
 * is loading gets a skeleton instead (UX.md). Still when the visitor asks for reduced motion.
 */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center gap-2", className)}>
      <LoaderCircleIcon className="size-5 animate-spin text-primary motion-reduce:animate-none" aria-hidden />
      <span>{label}</span>
    </span>
  );
}
