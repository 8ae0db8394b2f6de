import type { ReactNode } from "react";

/** The frame of the sign-in and sign-up pages: one column, one heading, one action. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby="auth-title" className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-12 sm:py-16">
      <div className="flex flex-col gap-2">
        <h1 id="auth-title" className="text-3xl font-bold">
          {title}
        </h1>
        <p className="text-muted-foreground">{intro}</p>
      </div>
      <div className="rounded-xl border bg-card p-6 shadow-xs">{children}</div>
    </section>
  );
}

export const switchLinkClass =
  "inline-flex min-h-11 items-center rounded-md px-1 font-medium text-primary underline underline-offset-4 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none";
