/**
 * Every demo, test and debug page of the site (SPEC §2), as the /demos index lists them. None is
 * indexed by search engines; tests/unit/site-routes.test.ts checks that each route below exists,
 * and tests/e2e/demos.spec.ts opens each one.
 */
export type DemoGroup = "components" | "flows" | "debug";

export interface DemoPage {
  /** The page's path; under /demos unless the spec names it elsewhere (/hero-demo). */
  path: string;
  title: string;
  /** One sentence: what the page shows. */
  description: string;
  group: DemoGroup;
  /** Reads server data only an admin may see: the backend refuses anyone else. */
  adminOnly?: boolean;
  /** Refuses outside development builds. */
  devOnly?: boolean;
}

export const DEMO_GROUPS: Record<DemoGroup, string> = {
  components: "Components and patterns",
  flows: "Pages and flows",
  debug: "Debug and test pages",
};

export const DEMO_PAGES: readonly DemoPage[] = [
  {
    path: "/demos/command-palette",
    title: "Command palette demo",
    description: "The keys and the ranking of the command palette.",
    group: "components",
  },
  {
    path: "/demos/command-palette-tiers",
    title: "Command palette with tier simulation",
    description: "The palette as each membership tier sees it.",
    group: "components",
  },
  {
    path: "/demos/user-provisioning",
    title: "User provisioning demo",
    description: "How a visitor who books becomes a guest member, step by step.",
    group: "flows",
  },
  {
    path: "/hero-demo",
    title: "Hero V2 demo",
    description: "The free week-1 package and member testimonials.",
    group: "flows",
  },
  {
    path: "/hero-simple-demo",
    title: "Simple hero demo",
    description: "The minimal hero: one headline, one sentence, one action.",
    group: "flows",
  },
];
