import { Link } from "@tanstack/react-router";
import { ArrowRightIcon } from "lucide-react";
import { CLAIMS } from "./claims";
import { TEXT_LINK_CLASS } from "./links";
import { NextStep, PageColumn, PageHeader, PageSection } from "./page-parts";
import { ServiceIcon } from "./service-icon";
import { SERVICES } from "./services";

const RESULTS = [
  { value: CLAIMS.entrepreneursHelped, label: "entrepreneurs helped" },
  { value: CLAIMS.betterFocus, label: "report better focus" },
  { value: CLAIMS.productivityIncrease, label: "productivity increase" },
] as const;

/** /services: the four services, from the same data as their own pages. */
export function ServicesPage() {
  return (
    <PageColumn labelledBy="services-title" wide>
      <div className="max-w-3xl">
        <PageHeader
          id="services-title"
          title="Services"
          eyebrow="How we help"
          lead="Four focused ways to take pressure off your week. Each one is one-to-one coaching with practical set-up, and each session comes out of your time balance."
        />
      </div>

      <PageSection id="services-list" title="Choose where to start">
        <ul className="grid gap-4 md:grid-cols-2">
          {SERVICES.map((service) => {
                      return (
              <li key={service.slug} className="flex flex-col rounded-lg border bg-card p-6 text-card-foreground">
                <ServiceIcon slug={service.slug} className="size-7 text-primary" />
                <h3 className="mt-4 text-xl font-semibold">{service.name}</h3>
                <p className="mt-1 font-medium">{service.tagline}</p>
                <p className="mt-3 flex-1 text-muted-foreground">{service.summary}</p>
                <Link
                  to="/services/$slug"
                  params={{ slug: service.slug }}
                  className={`mt-4 self-start ${TEXT_LINK_CLASS}`}
                >
                  Learn about {service.name}
                  <ArrowRightIcon className="size-4" aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>
      </PageSection>

      <section aria-labelledby="services-results" className="mt-12 rounded-xl border bg-muted/40 p-6">
        <h2 id="services-results" className="text-lg font-semibold">
          What members report
        </h2>
        <dl className="mt-4 grid gap-6 sm:grid-cols-3">
          {RESULTS.map((result) => (
            <div key={result.label} className="flex flex-col-reverse gap-1">
              <dt className="text-muted-foreground">{result.label}</dt>
              <dd className="text-3xl font-bold">{result.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <NextStep id="services-next" title="Not sure which one fits?">
        <p>
          Tell us what's in your way in a free {CLAIMS.consultationMinutes}-minute consultation. We'll suggest where to
          start, or tell you honestly if we're not the right fit.
        </p>
      </NextStep>
    </PageColumn>
  );
}
