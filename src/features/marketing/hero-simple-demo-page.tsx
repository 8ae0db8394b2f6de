import { CLAIMS } from "./claims";
import { ConsultationButton } from "./page-parts";

/**
 * /hero-simple-demo: the minimal hero: one headline, one sentence, one action.
 * `Title` is h2 where the hero sits under another page's h1 (the hero variations demo).
 */
export function HeroSimpleDemoPage({ titleLevel: Title = "h1" }: { titleLevel?: "h1" | "h2" }) {
  return (
    <section aria-labelledby="hero-simple-title" className="mx-auto flex max-w-3xl flex-col items-start px-4 py-20 sm:py-28">
      <Title id="hero-simple-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        Calm coaching for busy ADHD minds
      </Title>
      <p className="mt-5 text-lg text-muted-foreground">
        One clear next step at a time, for entrepreneurs and professionals with ADHD and learning differences.
      </p>
      <div className="mt-8">
        <ConsultationButton />
      </div>
      <p className="mt-4 text-sm text-muted-foreground">Free, no obligation. We reply within {CLAIMS.responseHours} hours.</p>
    </section>
  );
}
