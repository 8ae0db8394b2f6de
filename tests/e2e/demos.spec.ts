import { expect, test, type Page } from "@playwright/test";
import { DEMO_PAGES } from "../../src/features/demos/demo-pages";
import { expectNoA11yViolations } from "./helpers/a11y";

/** Pages a visitor can open: admin-only ones need a signed-in admin, dev-only ones a development build. */
const OPEN_PAGES = DEMO_PAGES.filter((page) => !page.adminOnly && !page.devOnly);

async function checkPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator("h1")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  for (const scheme of ["light", "dark"] as const) {
    // The theme follows the system until the visitor chooses one.
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await test.step(`${path} in ${scheme}`, () => expectNoA11yViolations(page));
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("the /demos index lists every demo page, and each opens, noindex, with axe passing in light and dark", async ({ page }) => {
  test.setTimeout(30_000 + 10_000 * (DEMO_PAGES.length + 1));
  await checkPage(page, "/demos");
  for (const demo of DEMO_PAGES) {
    await expect(page.locator(`main a[href="${demo.path}"]`)).toContainText(demo.title);
  }
  for (const demo of OPEN_PAGES) await checkPage(page, demo.path);
});
