import { expect, test, type Page } from "./helpers/test";
import { DEMO_PAGES } from "../../src/features/demos/demo-pages";
import { expectNoA11yViolations } from "./helpers/a11y";

/** Pages a visitor can open: admin-only ones need a signed-in admin, dev-only ones a development build. */
const OPEN_PAGES = DEMO_PAGES.filter((page) => !page.adminOnly && !page.devOnly);

async function checkPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator("h1")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await test.step(`${path} in light and dark`, () => expectNoA11yViolations(page));
}

test("the /demos index lists every demo page, and each opens, noindex, with axe passing in light and dark", async ({ page }) => {
  test.setTimeout(30_000 + 10_000 * (DEMO_PAGES.length + 1));
  await checkPage(page, "/demos");
  for (const demo of DEMO_PAGES) {
    await expect(page.locator(`main a[href="${demo.path}"]`)).toContainText(demo.title);
  }
  for (const demo of OPEN_PAGES) await checkPage(page, demo.path);
});

test("native dialogs close on Escape and give focus back; the confirmation and the form report their answer", async ({ page }) => {
  await page.goto("/demos/native-dialog");
  const ask = page.getByRole("button", { name: "Ask to confirm" });
  await ask.click();
  const confirm = page.getByRole("dialog", { name: "Move this session to Thursday?" });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(ask).toBeFocused();
  await expect(page.getByText("Closed with Escape: nothing changed.")).toBeVisible();
  await ask.click();
  await confirm.getByRole("button", { name: "Move to Thursday" }).click();
  await expect(page.getByText("Confirmed: the session moves to Thursday.")).toBeVisible();

  await page.getByRole("button", { name: "Add a note" }).click();
  const note = page.getByRole("dialog", { name: "Add a note for your coach" });
  // The browser keeps the dialog open until the required field is filled.
  await note.getByRole("button", { name: "Save note" }).click();
  await expect(note).toBeVisible();
  await note.getByLabel(/Note/).fill("Talk about mornings");
  await note.getByRole("button", { name: "Save note" }).click();
  await expect(note).toBeHidden();
  await expect(page.getByText('Saved note: "Talk about mornings"')).toBeVisible();
});

test("an open drawer or sheet keeps the page behind it from scrolling", async ({ page }) => {
  await page.goto("/demos/menus");
  const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
  expect(await bodyOverflow()).not.toBe("hidden");
  await page.getByRole("button", { name: "Open the drawer" }).click();
  await expect(page.getByRole("dialog", { name: "Add to your week" })).toBeVisible();
  expect(await bodyOverflow()).toBe("hidden");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("button", { name: "Open the drawer" })).toBeFocused();
  expect(await bodyOverflow()).not.toBe("hidden");
});
