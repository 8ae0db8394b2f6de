import { Link } from "@tanstack/react-router";
import { PRIMARY_NAV } from "./nav";

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2">
        <div className="space-y-2">
          <p className="text-lg font-bold">LWCC</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Coaching and learning for entrepreneurs and professionals with ADHD and learning differences. Questions
            get an answer within 24 hours.
          </p>
        </div>
        <nav aria-label="Footer" className="sm:justify-self-end">
          <ul className="flex flex-wrap gap-x-2">
            {PRIMARY_NAV.map((item) => (
              <li key={item.label}>
                <Link
                  to={item.to}
                  className="inline-flex min-h-11 items-center rounded-md px-2 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="mx-auto max-w-6xl px-4 pb-8 text-sm text-muted-foreground">
        © {new Date().getFullYear()} LWCC. All rights reserved.
      </p>
    </footer>
  );
}
