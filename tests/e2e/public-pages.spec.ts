import { expect, test, type Page } from "./helpers/test";

interface PublicPage {
  path: string;
  title: string;
  h1: string;
  /** One text that shows the page's content arrived. */
  text: string;
  noindex?: boolean;
}

const PAGES: PublicPage[] = [
  { path: "/about", title: "About", h1: "About LWCC", text: "Cora Lindqvist" },
  { path: "/services", title: "Services", h1: "Services", text: "Learn about Text Expansion" },
  { path: "/services/calendar-clarity", title: "Calendar Clarity", h1: "Calendar Clarity", text: "Map a real week" },
  { path: "/services/automation-mastery", title: "Automation Mastery", h1: "Automation Mastery", text: "List what repeats" },
  { path: "/services/ai-accelerator", title: "AI Accelerator", h1: "AI Accelerator", text: "Write prompts that fit you" },
  { path: "/services/text-expansion", title: "Text Expansion", h1: "Text Expansion", text: "Build your library" },
  {
    path: "/free-intro-session",
    title: "Free intro session",
    h1: "Your free 20-minute consultation",
    text: "What to prepare",
  },
  { path: "/support", title: "Support", h1: "Support", text: "What to include in your message" },
  { path: "/help-center", title: "Help Center", h1: "Help Center", text: "Booking sessions" },
  {
    path: "/affiliate-links-policy",
    title: "Affiliate Links Policy",
    h1: "Affiliate Links Policy",
    text: "What an affiliate link is",
  },
  { path: "/mission-and-values", title: "Mission and Values", h1: "Mission and values", text: "Calm over hustle" },
  { path: "/adhd-and-language", title: "ADHD and Language", h1: "ADHD and language", text: "Person-first or identity-first?" },
  { path: "/glossary", title: "Glossary", h1: "Glossary", text: "Coming soon" },
  { path: "/cookie-policy", title: "Cookie Policy", h1: "Cookie Policy", text: "What we don't use" },
  { path: "/privacy-policy", title: "Privacy Policy", h1: "Privacy Policy", text: "What we never do" },
  { path: "/terms-of-service", title: "Terms of Service", h1: "Terms of Service", text: "Last updated July 5, 2025" },
  {
    path: "/hero-demo",
    title: "Hero V2 demo",
    h1: "Your first week of calmer, clearer work, on us",
    text: "$991 value — yours free",
    noindex: true,
  },
  {
    path: "/hero-simple-demo",
    title: "Simple hero demo",
    h1: "Calm coaching for busy ADHD minds",
    text: "Free, no obligation.",
    noindex: true,
  },
];

async function expectPage(page: Page, { path, title, h1, text, noindex }: PublicPage) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("main").getByText(text, { exact: false }).first()).toBeVisible();
  await expect(page).toHaveTitle(`${title} | LWCC`);
  if (noindex) await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  else await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
}

// axe runs on every public page in visitors.spec.ts, and on the demos in demos.spec.ts.
for (const publicPage of PAGES) {
  test(`${publicPage.path}: heading, content, title and robots`, async ({ page }) => {
    await expectPage(page, publicPage);
  });
}

test.describe("public pages", () => {
  test("an unknown service is a 404 from the server, noindex; known pages and member pages are 200", async ({ page }) => {
    expect((await page.goto("/services"))?.status()).toBe(200);
    expect((await page.goto("/dashboard/bookings/not-an-id"))?.status()).toBe(200);
    expect((await page.goto("/services/time-travel"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found | LWCC");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("from the overview to a service and on to the free consultation", async ({ page }) => {
    await page.goto("/services");
    await page.getByRole("link", { name: "Learn about AI Accelerator" }).click();
    await expect(page).toHaveURL(/\/services\/ai-accelerator$/);
    await expect(page.getByRole("heading", { level: 1, name: "AI Accelerator" })).toBeVisible();
    await expect(page).toHaveTitle("AI Accelerator | LWCC");

    await page.getByRole("button", { name: "Which AI assistant should I use?" }).click();
    await expect(page.getByText("The prompts and habits you learn carry over")).toBeVisible();

    await page.getByRole("link", { name: "Book a free 20-minute consultation" }).first().click();
    await expect(page).toHaveURL(/\/free-intro-session$/);
    await expect(page.getByRole("button", { name: "Choose a time" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Or send us a message instead" }).first()).toHaveAttribute("href", "/contact?subject=consultation");
  });

  test("the footer groups every page under Company, Legal and Learn", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const groups = {
      Company: ["About", "Services", "Pricing", "Marketplace", "Free Intro Session", "Mission and Values", "Contact", "Support"],
      Legal: ["Privacy Policy", "Terms of Service", "Cookie Policy", "Affiliate Links Policy"],
      Learn: ["Blog", "Case Studies", "Resources", "ADHD and Language", "Glossary", "Help Center", "FAQ"],
    };
    for (const [group, links] of Object.entries(groups)) {
      const list = footer.getByRole("list", { name: group });
      await expect(list.getByRole("link")).toHaveText(links);
    }
    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  });

  test.describe("before any JavaScript runs", () => {
    test.use({ javaScriptEnabled: false });

    test("public pages arrive prerendered: heading, content, title and canonical link", async ({ page }) => {
      for (const publicPage of PAGES.filter((candidate) => !candidate.noindex)) {
        await expectPage(page, publicPage);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${publicPage.path}$`));
      }
      await page.goto("/pricing");
      await expect(page).toHaveTitle("Pricing | LWCC");
      await expect(page.getByRole("heading", { level: 1, name: "Plans that grow with you" })).toBeVisible();
      await expect(page.getByText("Popular")).toBeVisible();
      await expect(page.getByText("$127")).toBeVisible();
    });

    test("member pages get the app shell, not another page's content", async ({ page }) => {
      await page.goto("/dashboard");
      await expect(page.locator("#root")).toBeEmpty();
      await expect(page).toHaveTitle("LWCC");
    });
  });

  test.describe("on a 320 px screen", () => {
    test.use({ viewport: { width: 320, height: 720 } });

    test("no page scrolls sideways", async ({ page }) => {
      for (const publicPage of PAGES) {
        await page.goto(publicPage.path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(publicPage.h1);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, publicPage.path).toBeLessThanOrEqual(320);
      }
    });
  });
});
