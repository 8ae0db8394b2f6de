import { CLAIMS } from "./claims";

/** The week-1 package of hero V2 (SPEC §2): three parts, their value in US dollars, offered free. */
export interface PackageItem {
  name: string;
  description: string;
  valueUsd: number;
}

export const WEEK_ONE_PACKAGE: readonly PackageItem[] = [
  {
    name: "Calendar Clarity session",
    description: "A one-to-one session to rebuild your week around how your attention really works.",
    valueUsd: 297,
  },
  {
    name: "Automation Mastery starter build",
    description: "Your first automation, built with you, so one piece of routine admin runs itself.",
    valueUsd: 497,
  },
  {
    name: "Text Expansion starter library",
    description: "Ready-to-use snippets for the emails and replies you type every week.",
    valueUsd: 197,
  },
];

export function packageTotal(items: readonly PackageItem[]): number {
  return items.reduce((total, item) => total + item.valueUsd, 0);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

/** Short member quotes for the hero variants. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: "For the first time in years my calendar matches my actual week. I stopped dreading Monday mornings.",
    name: "Maya R.",
    role: "Founder, design studio",
  },
  {
    quote: "The session notes and action items mean I don't have to remember everything. That alone changed how I work.",
    name: "Daniel K.",
    role: "Independent consultant",
  },
  {
    quote: `I booked the free ${CLAIMS.consultationMinutes}-minute consultation expecting a sales pitch. I left with one clear next step instead.`,
    name: "Priya S.",
    role: "Online course creator",
  },
];
