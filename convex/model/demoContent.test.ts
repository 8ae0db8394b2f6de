import { describe, expect, it } from "vitest";
import {
  ARTICLE_SUMMARY_MAX_CHARS,
  DEMO_ARTICLES,
  DEMO_EVENTS,
  DEMO_PREMIUM_CONTENT,
  DEMO_PRODUCTS,
  SHORT_DESCRIPTION_MAX_CHARS,
} from "./demoContent";
import { PREMIUM_CONTENT_TYPES } from "./premiumContent";
import { PRODUCT_TYPES } from "./products";

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ALLOWED_LINK = /^\/(?:free-intro-session|services\/[a-z-]+|pricing|contact)$/;
const CASE_STUDY_NOTE = "Names and details changed; this is a composite of several clients.";
/** Words the tone rules keep out (UX.md: no streaks, no shaming, no hype). */
const BANNED = /\b(?:streaks?|suffer(?:s|ing)?|lazy|disorder|deficit|revolutionary|game-chang\w*|skyrocket\w*)\b/i;

/** Words a reader reads: markdown markers and list numerals are not words. */
function wordCount(markdown: string): number {
  return markdown.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token) && !/^\d+\.$/.test(token)).length;
}

const unique = (values: string[]) => new Set(values).size === values.length;
const posts = DEMO_ARTICLES.filter((a) => a.kind === "post");
const caseStudies = DEMO_ARTICLES.filter((a) => a.kind === "case_study");

describe("demo products", () => {
  it("has 10 to 12 products with unique kebab-case slugs and names", () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(10);
    expect(DEMO_PRODUCTS.length).toBeLessThanOrEqual(12);
    expect(unique(DEMO_PRODUCTS.map((p) => p.slug))).toBe(true);
    expect(unique(DEMO_PRODUCTS.map((p) => p.name))).toBe(true);
    for (const p of DEMO_PRODUCTS) expect(p.slug).toMatch(KEBAB);
  });

  it("uses known types and prices in non-negative integer cents", () => {
    for (const p of DEMO_PRODUCTS) {
      expect(PRODUCT_TYPES).toContain(p.type);
      expect(Number.isInteger(p.price), p.slug).toBe(true);
      expect(p.price, p.slug).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(p.maxQuantity) && p.maxQuantity >= 1, p.slug).toBe(true);
      if (p.durationMinutes !== undefined) expect(Number.isInteger(p.durationMinutes) && p.durationMinutes > 0, p.slug).toBe(true);
    }
  });

  it("keeps short descriptions within the card limit", () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.shortDescription.trim().length, p.slug).toBeGreaterThan(0);
      expect(p.shortDescription.length, p.slug).toBeLessThanOrEqual(SHORT_DESCRIPTION_MAX_CHARS);
      expect(p.shortDescription, p.slug).not.toMatch(BANNED);
    }
  });

  it("marks exactly one product unavailable", () => {
    expect(DEMO_PRODUCTS.filter((p) => !p.isAvailable)).toHaveLength(1);
  });

  it("offers the free 20-minute consultation", () => {
    const free = DEMO_PRODUCTS.filter((p) => p.type === "consultation" && p.price === 0 && p.durationMinutes === 20);
    expect(free).toHaveLength(1);
    expect(free[0]?.isAvailable).toBe(true);
  });

  it("offers the default 60-minute time package, with bigger packages cheaper per minute", () => {
    const packages = DEMO_PRODUCTS.filter((p) => p.type === "time_package").sort((a, b) => (a.durationMinutes ?? 0) - (b.durationMinutes ?? 0));
    expect(packages.some((p) => p.durationMinutes === 60)).toBe(true);
    expect(packages.map((p) => p.durationMinutes)).toEqual([60, 180, 600]);
    const perMinute = packages.map((p) => p.price / (p.durationMinutes ?? 1));
    for (let i = 1; i < perMinute.length; i++) expect(perMinute[i]).toBeLessThan(perMinute[i - 1] ?? 0);
    for (const p of packages) expect(p.maxQuantity, p.slug).toBeLessThanOrEqual(5);
  });

  it("limits courses and digital products to one per cart", () => {
    for (const p of DEMO_PRODUCTS.filter((p) => p.type === "course" || p.type === "digital_product")) expect(p.maxQuantity, p.slug).toBe(1);
    expect(DEMO_PRODUCTS.filter((p) => p.type === "digital_product")).toHaveLength(2);
    for (const type of ["course", "workshop", "bundle"] as const) expect(DEMO_PRODUCTS.some((p) => p.type === type), type).toBe(true);
  });
});

describe("demo articles", () => {
  it("has six posts and three case studies with unique kebab-case slugs per kind", () => {
    expect(posts).toHaveLength(6);
    expect(caseStudies).toHaveLength(3);
    for (const group of [posts, caseStudies]) expect(unique(group.map((a) => a.slug))).toBe(true);
    expect(unique(DEMO_ARTICLES.map((a) => a.title))).toBe(true);
    for (const a of DEMO_ARTICLES) expect(a.slug).toMatch(KEBAB);
  });

  it("keeps summaries within the card limit and uses the agreed authors and tags", () => {
    for (const a of DEMO_ARTICLES) {
      expect(a.summary.trim().length, a.slug).toBeGreaterThan(0);
      expect(a.summary.length, a.slug).toBeLessThanOrEqual(ARTICLE_SUMMARY_MAX_CHARS);
      expect(["LWCC Coaching Team", "Cora Lindqvist"]).toContain(a.author);
      expect(a.tags.length, a.slug).toBeGreaterThanOrEqual(2);
      expect(a.tags.length, a.slug).toBeLessThanOrEqual(3);
      expect(unique(a.tags), a.slug).toBe(true);
      for (const tag of a.tags) expect(tag, a.slug).toMatch(KEBAB);
      expect(Number.isInteger(a.publishedDaysAgo) && a.publishedDaysAgo >= 0, a.slug).toBe(true);
    }
  });

  it("writes bodies of 350 to 700 words with a consistent reading time", () => {
    for (const a of DEMO_ARTICLES) {
      const words = wordCount(a.body);
      expect(words, a.slug).toBeGreaterThanOrEqual(350);
      expect(words, a.slug).toBeLessThanOrEqual(700);
      expect(a.readingMinutes, `${a.slug} (${words} words)`).toBe(Math.ceil(words / 200));
    }
  });

  it("writes scannable markdown: headings and lists, no raw HTML", () => {
    for (const a of DEMO_ARTICLES) {
      expect(a.body.match(/^## \S/gm)?.length ?? 0, a.slug).toBeGreaterThanOrEqual(3);
      expect(a.body, a.slug).toMatch(/^(?:- |\d+\. )\S/m);
      expect(a.body, a.slug).not.toMatch(/^# /m);
      expect(a.body, a.slug).not.toMatch(/<[a-z/!?]/i);
      expect(a.body, a.slug).not.toContain("${");
    }
  });

  it("links only to relative marketing pages", () => {
    for (const a of DEMO_ARTICLES) {
      expect(a.body, a.slug).not.toMatch(/https?:|www\.|mailto:|\/\//i);
      const targets = [...a.body.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1] ?? "");
      expect(targets.length, a.slug).toBeGreaterThan(0);
      for (const target of targets) expect(target, a.slug).toMatch(ALLOWED_LINK);
      // Every "[" that opens a link is followed by a target (no reference-style links).
      expect(a.body.match(/\[/g)?.length ?? 0, a.slug).toBe(targets.length);
    }
  });

  it("keeps the tone: no streaks, no shaming, no hype", () => {
    for (const a of DEMO_ARTICLES) for (const text of [a.title, a.summary, a.body]) expect(text, a.slug).not.toMatch(BANNED);
  });

  it("marks every case study as a composite in its last line, and nothing else", () => {
    for (const a of caseStudies) {
      expect(a.body.trimEnd().endsWith(CASE_STUDY_NOTE), a.slug).toBe(true);
      expect(a.body, a.slug).toMatch(/^## The situation/m);
      expect(a.body, a.slug).toMatch(/^## What we did/m);
      expect(a.body, a.slug).toMatch(/^## The results/m);
      expect(a.body.match(/\d+/g)?.length ?? 0, a.slug).toBeGreaterThanOrEqual(5);
    }
    for (const a of posts) expect(a.body, a.slug).not.toContain(CASE_STUDY_NOTE);
  });
});

describe("demo events", () => {
  it("has four events with unique slugs and titles, online and in person", () => {
    expect(DEMO_EVENTS).toHaveLength(4);
    expect(unique(DEMO_EVENTS.map((e) => e.slug))).toBe(true);
    expect(unique(DEMO_EVENTS.map((e) => e.title))).toBe(true);
    expect(DEMO_EVENTS.some((e) => e.isOnline)).toBe(true);
    expect(DEMO_EVENTS.some((e) => !e.isOnline)).toBe(true);
  });

  it("starts between 5 and 60 days out at a whole UTC hour", () => {
    for (const e of DEMO_EVENTS) {
      expect(e.slug).toMatch(KEBAB);
      expect(Number.isInteger(e.startsInDays) && e.startsInDays >= 5 && e.startsInDays <= 60, e.slug).toBe(true);
      expect(Number.isInteger(e.startHourUtc) && e.startHourUtc >= 0 && e.startHourUtc <= 23, e.slug).toBe(true);
      expect(e.durationMinutes, e.slug).toBeGreaterThan(0);
      expect(e.location.trim().length, e.slug).toBeGreaterThan(0);
      expect(e.registrationUrl).toBe(`https://lwcc.example/events/${e.slug}`);
    }
  });

  it("exercises the 100-character Show more threshold both ways", () => {
    const lengths = DEMO_EVENTS.map((e) => e.description.length);
    expect(lengths.filter((n) => n >= 220).length).toBeGreaterThanOrEqual(2);
    expect(lengths.some((n) => n < 100)).toBe(true);
    for (const e of DEMO_EVENTS) expect(e.description, e.slug).not.toMatch(BANNED);
  });
});

describe("demo premium content", () => {
  it("has each type, unique titles and whole, positive module and download counts", () => {
    expect(new Set(DEMO_PREMIUM_CONTENT.map((item) => item.type))).toEqual(new Set(PREMIUM_CONTENT_TYPES));
    expect(unique(DEMO_PREMIUM_CONTENT.map((item) => item.title))).toBe(true);
    for (const item of DEMO_PREMIUM_CONTENT) {
      for (const count of [item.modules, item.downloads]) {
        if (count !== undefined) expect(Number.isInteger(count) && count > 0, item.title).toBe(true);
      }
      expect(item.duration.trim().length, item.title).toBeGreaterThan(0);
      expect(item.description, item.title).not.toMatch(BANNED);
    }
  });
});
