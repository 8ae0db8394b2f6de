import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

const pulse = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";

/** Grey placeholder cards in the shape of what is loading (UX.md: skeletons, not spinners). */
export function CardSkeletons({ label, count = 3, className }: { label: string; count?: number; className?: string }) {
  return (
    <div aria-busy="true" className={className}>
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} aria-hidden className="flex flex-col gap-3 rounded-xl border bg-card p-6">
          <div className={cn(pulse, "h-4 w-24")} />
          <div className={cn(pulse, "h-6 w-3/4")} />
          <div className={cn(pulse, "h-4 w-full")} />
          <div className={cn(pulse, "h-4 w-5/6")} />
          <div className={cn(pulse, "mt-2 h-11 w-32")} />
        </div>
      ))}
    </div>
  );
}

/** An empty list that invites the next step. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed bg-card p-6">
      <p className="font-semibold">{title}</p>
      {children}
    </div>
  );
}

export const textLinkClass =
  "inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60 outline-none";
