import { GiftIcon } from "lucide-react";
import { CLAIMS } from "./claims";
import { ConsultationButton } from "./page-parts";
import { formatUsd, packageTotal, TESTIMONIALS, WEEK_ONE_PACKAGE } from "./week-one-package";

/**
 * /hero-demo: hero V2 (SPEC §2), with the week-1 package shown as free and member quotes.
 * `Title` is h2 where the hero sits under another page's h1 (the hero variations demo).
 */
export function HeroDemoPage({ titleLevel: Title = "h1" }: { titleLevel?: "h1" | "h2" }) {
  const total = packageTotal(WEEK_ONE_PACKAGE);
  return (
    <>
      <section aria-labelledby="hero-v2-title" className="mx-auto grid max-w-6xl gap-10 px-4 pt-16 pb-12 sm:pt-24 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Hero V2 · Trusted by {CLAIMS.entrepreneursHelped} entrepreneurs</p>
          <Title id="hero-v2-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Your first week of calmer, clearer work, on us
          </Title>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">
            Start with a free {CLAIMS.consultationMinutes}-minute consultation. If coaching fits, your week-1 package is
            included at no cost: three practical pieces that make a difference from day one.
          </p>
          <div className="mt-8">
            <ConsultationButton />
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            {CLAIMS.betterFocus} of members report better focus. We reply within {CLAIMS.responseHours} hours.
          </p>
        </div>

        <section aria-labelledby="package-title" className="self-start rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
          <h2 id="package-title" className="flex items-center gap-2 text-xl font-bold">
            <GiftIcon className="size-5 text-primary" aria-hidden />
            Your week-1 package
          </h2>
          <ul className="mt-4 divide-y">
            {WEEK_ONE_PACKAGE.map((item) => (
              <li key={item.name} className="flex items-start justify-between gap-4 py-3">
                <div>
                  <h3 className="font-semibold">{item.name}</h3>
                  <p className="text-sm text-muted-foreground">{item.description}</p>
                </div>
                <p className="shrink-0 font-medium tabular-nums">
                  <span className="sr-only">Value: </span>
                  {formatUsd(item.valueUsd)}
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-4 border-t pt-4 text-lg" data-testid="package-total">
            <span className="tabular-nums">{formatUsd(total)}</span> value — <strong className="text-primary">yours free</strong>
          </p>
        </section>
      </section>

      <section aria-labelledby="testimonials-title" className="border-t bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="testimonials-title" className="text-2xl font-bold">
            What members say
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name}>
                <figure className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground">
                  <blockquote className="flex-1 text-pretty">“{testimonial.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold">{testimonial.name}</span>
                    <span className="text-muted-foreground">, {testimonial.role}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
