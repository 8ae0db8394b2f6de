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
  // Component and flow demos built on the real components with made-up data.
  {
    path: "/demos/ui-patterns",
    title: "Reliable UI patterns",
    description: "Menus, FAQ, contact form, newsletter, tabs, rating, event card, alerts, modal, dropdown and spinner.",
    group: "components",
  },
  {
    path: "/demos/timezone-selector",
    title: "Time zone selector test",
    description: "The searchable time zone field of the account settings, with its check.",
    group: "components",
  },
  {
    path: "/demos/native-dialog",
    title: "Native dialog test",
    description: "Three demos of the browser's own dialog element: a notice, a confirmation and a form.",
    group: "components",
  },
  {
    path: "/demos/menus",
    title: "Sidebar, sheet and drawer menus",
    description: "The three ways a menu slides in, and how the page behind stays still.",
    group: "components",
  },
  {
    path: "/demos/design",
    title: "Design demo",
    description: "Colours, type and controls of the theme, and the account settings dialog.",
    group: "components",
  },
  {
    path: "/demos/dashboard",
    title: "Enhanced dashboard demo",
    description: "The member dashboard with made-up numbers, sessions and activity.",
    group: "flows",
  },
  {
    path: "/demos/booking-calendar",
    title: "Booking calendar theme showcase",
    description: "Pick a July 2025 date, then a time, then confirm.",
    group: "flows",
  },
  {
    path: "/demos/loading-screen",
    title: "Loading screen demo",
    description: "The screen a visitor sees while their dashboard is built after booking.",
    group: "flows",
  },
  {
    path: "/demos/hero-variations",
    title: "Hero variations",
    description: "Hero V2 and the simple hero, one after the other, to compare.",
    group: "flows",
  },
  // Debug and test pages that read server data, or answer for an integration.
  {
    path: "/demos/update-to-mastery",
    title: "Update to Mastery debug",
    description: "A member's tier and what moving them to Mastery would change, without charging anything.",
    group: "debug",
    adminOnly: true,
  },
  {
    path: "/demos/collections-permissions",
    title: "Collections and permissions debug",
    description: "Roles, flags and access levels as the server applies them, and every table with who may read it.",
    group: "debug",
    adminOnly: true,
  },
  {
    path: "/demos/complementary-subscription",
    title: "Complimentary subscription debug",
    description: "The newest subscriptions, paid and complimentary, and the plans on sale.",
    group: "debug",
    adminOnly: true,
  },
  {
    path: "/demos/premium-plan",
    title: "Complimentary premium plan",
    description: "Grant a member a free plan: the result or the error, with next steps.",
    group: "debug",
    adminOnly: true,
  },
  {
    path: "/demos/hydration",
    title: "Hydration debug",
    description: "A prerendered page against the client render, and the server's debug data.",
    group: "debug",
    adminOnly: true,
  },
  {
    path: "/demos/mcp-airtable",
    title: "MCP Airtable integration test",
    description: "A test post that answers plainly: the integration is not configured.",
    group: "debug",
  },
  {
    path: "/demos/signup-api",
    title: "Signup API placeholder",
    description: "Where a signup API would be, and how accounts are made instead.",
    group: "debug",
  },
  {
    path: "/demos/style-test",
    title: "Style test",
    description: "The type scale and colour tokens in the current theme.",
    group: "debug",
  },
  {
    path: "/demos/campaign-api-errors",
    title: "Campaign API error pages",
    description: "The management, scheduling, sending and analytics error views of e-mail campaigns.",
    group: "debug",
  },
  {
    path: "/demos/real-time",
    title: "Real-time test",
    description: "A live Convex subscription, in development builds only.",
    group: "debug",
    adminOnly: true,
    devOnly: true,
  },
];
