import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** One pulsing placeholder block; still when motion is reduced. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}

/**
 * What a list or page shows while its data loads: `label` for screen readers, and `rows` card-shaped
 * placeholders, under a title-sized one when `title` is set (a whole page loading).
 */
export function LoadingList({ label, rows = 3, title = false }: { label: string; rows?: number; title?: boolean }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        {label}
      </span>
      {title ? <Skeleton className="mb-1 h-9 w-72 max-w-full" /> : null}
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} aria-hidden className="flex flex-col gap-2 rounded-xl border bg-card p-4">
          <Skeleton className="h-5 w-56 max-w-full" />
          <Skeleton className="h-4 w-40 max-w-full" />
        </div>
      ))}
    </div>
  );
}
