import { Link } from "@tanstack/react-router";
import { useAfterHydration } from "@/lib/hydration";
import { FOOTER_NAV } from "./nav";

const thisYear = () => new Date().getFullYear();
const buildYear = () => Number(import.meta.env.VITE_BUILD_YEAR) || thisYear();

/** This year; over a prerendered page, first the year it was built in. */
const useYear = () => useAfterHydration(thisYear, buildYear);

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_2fr]">
        <div className="space-y-2">
          <p className="text-lg font-bold">LWCC</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Coaching and learning for entrepreneurs and professionals with ADHD and learning differences. Questions
            get an answer within 24 hours.
          </p>
        </div>
        <nav aria-label="Footer" className="grid gap-6 min-[400px]:grid-cols-2 sm:grid-cols-3">
          {FOOTER_NAV.map((group) => {
            const headingId = `footer-${group.title.toLowerCase()}`;
            return (
              <div key={group.title}>
                <h2 id={headingId} className="px-2 text-sm font-semibold">
                  {group.title}
                </h2>
                <ul aria-labelledby={headingId} className="mt-1">
                  {group.items.map((item) => (
                    <li key={item.label}>
                      <Link
                        to={item.to}
                        className="inline-flex min-h-11 items-center rounded-md px-2 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
                      >
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </div>
      <p className="mx-auto max-w-6xl px-4 pb-8 text-sm text-muted-foreground">
        © {useYear()} LWCC. All rights reserved.
      </p>
    </footer>
  );
}
