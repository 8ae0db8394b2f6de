import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { HeroDemoPage } from "@/features/marketing/hero-demo-page";
import { HeroSimpleDemoPage } from "@/features/marketing/hero-simple-demo-page";
import { PageHeader } from "@/features/marketing/page-parts";
import { textLinkClass } from "@/features/catalog/states";

/** One hero in a labelled frame, with the link to its own page. */
function Variant({ label, to, children }: { label: string; to: "/hero-demo" | "/hero-simple-demo"; children: ReactNode }) {
  return (
    <div className="overflow-hidden rounded-xl border">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-muted/40 px-4">
        <p className="py-2 text-sm font-semibold">{label}</p>
        <Link to={to} className={textLinkClass}>
          Open on its own page
        </Link>
      </div>
      {children}
    </div>
  );
}

/** /demos/hero-variations: the two heroes one after the other, each the real component. */
export function HeroVariationsDemo() {
  return (
    <article aria-labelledby="hero-variations-title" className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12">
      <PageHeader
        id="hero-variations-title"
        eyebrow="Demo"
        title="Hero variations"
        lead="The two heroes the home page can open with. V2 offers the week-1 package free and shows member quotes; the simple one keeps to one action."
      />
      <Variant label="Hero V2" to="/hero-demo">
        <HeroDemoPage titleLevel="h2" />
      </Variant>
      <Variant label="Simple hero" to="/hero-simple-demo">
        <HeroSimpleDemoPage titleLevel="h2" />
      </Variant>
    </article>
  );
}
