import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** 44 px high (UX.md); an invalid field gets a red border as well as its message. */
export const fieldControlClass =
  "flex min-h-11 w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input data-slot="input" className={cn(fieldControlClass, className)} {...props} />;
}
