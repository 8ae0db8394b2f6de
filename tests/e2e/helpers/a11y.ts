import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.2 A and AA, the bar of ARCHITECTURE §6. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

type Scheme = "light" | "dark";

/** Shows the page in `scheme` as the theme provider would (class and colour scheme on <html>), and waits for every running transition and animation that ends. */
async function showIn(page: Page, scheme: Scheme) {
  await page.evaluate(async (dark) => {
    const root = document.documentElement;
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
    const ending = document
      .getAnimations()
      .filter((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  }, scheme === "dark");
}

async function violationsOf(page: Page) {
  // Off by default in axe: a control's name must contain the text it shows (WCAG 2.5.3, level A).
  // (options() replaces what withTags() set, so it comes first.)
  const results = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

/**
 * No axe violations, in the light theme and in the dark one, whichever the page shows now; it is
 * shown as it was afterwards, scrolled as it was. Motion is reduced meanwhile, so no colour is read mid-transition.
 */
export async function expectNoA11yViolations(page: Page) {
  const shown: Scheme = (await page.evaluate(() => document.documentElement.classList.contains("dark"))) ? "dark" : "light";
  await page.emulateMedia({ reducedMotion: "reduce" });
  // From the top: content scrolled under the sticky header would read as targets it obscures.
  const scrolled = await page.evaluate(() => {
    const at = window.scrollY;
    window.scrollTo(0, 0);
    return at;
  });
  const found: Record<Scheme, Awaited<ReturnType<typeof violationsOf>>> = { light: [], dark: [] };
  try {
    for (const scheme of ["light", "dark"] as const) {
      await showIn(page, scheme);
      found[scheme] = await violationsOf(page);
    }
  } finally {
    await showIn(page, shown);
    await page.evaluate((y) => window.scrollTo(0, y), scrolled);
    await page.emulateMedia({ reducedMotion: null });
  }
  expect(found).toEqual({ light: [], dark: [] });
}
