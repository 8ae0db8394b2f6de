import { expect, test, type Page } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";

/** Keyboard only from here on: the palette is how a member moves without hunting through menus. */
async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });

async function openPalette(page: Page) {
  await page.keyboard.press("Control+k");
  await expect(palette(page)).toBeVisible();
  await expect(palette(page).getByRole("combobox")).toBeFocused();
}

test("a member moves and acts from the palette with the keyboard alone", async ({ page }) => {
  // Two axe passes and a dozen live round trips: more than a busy 2-core machine does in 90 s.
  test.slow();
  await signIn(page, "maya@example.com", "demo-maya-2026");
  const card = page.getByRole("region", { name: "Action items" });
  await expect(card.getByText(/\d+ pending · \d+ active/)).toBeVisible();

  // Type, pick the first result with its number key, land on the page.
  await openPalette(page);
  await page.keyboard.type("pric");
  await expect(palette(page).getByRole("option").first()).toContainText("Pricing");
  await page.keyboard.press("1");
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(palette(page)).toBeHidden();

  // Back by group: 4 opens Dashboard, 1 runs its first item.
  await openPalette(page);
  await page.keyboard.press("4");
  await expect(palette(page).getByRole("button", { name: /Dashboard: show all groups/ })).toBeVisible();
  await page.keyboard.press("1");
  await expect(page).toHaveURL(/\/dashboard$/);
  const counts = card.getByText(/\d+ pending · \d+ active/);
  await expect(counts).toBeVisible();
  const before = await counts.textContent();
  const pending = (text: string | null) => Number(/(\d+) pending/.exec(text ?? "")![1]);

  // Free text: "add" with no words is refused inline and creates nothing.
  await openPalette(page);
  await page.keyboard.type("add");
  await page.keyboard.press("Enter");
  await expect(palette(page).getByRole("alert")).toHaveText("Please enter a title.");
  await expect(counts).toHaveText(before!);

  // "add <words>" creates an action item: the dashboard card behind the palette counts it at once.
  // Letters only: while searching, a digit runs the numbered result.
  const tag = Array.from(String(Date.now()).slice(-6), (digit) => "abcdefghij"[Number(digit)]).join("");
  const title = `Call the bank ${tag}`;
  await page.keyboard.type(` ${title}`);
  await page.keyboard.press("Enter");
  // Done, the palette closes and says so below it, so the next Ctrl+K opens it again.
  const result = page.getByRole("status", { name: "Command result" });
  await expect(palette(page)).toBeHidden();
  await expect(result).toHaveText(`Added "${title}" to your action items.`);
  await expect(counts).toHaveText(new RegExp(`^${pending(before) + 1} pending`));

  // Mark it done: the entry goes, the card follows.
  await openPalette(page);
  await page.keyboard.type(title.toLowerCase());
  const entry = palette(page).getByRole("option").first();
  await expect(entry).toContainText(`Mark Done: ${title}`);
  await page.keyboard.press("Enter");
  await expect(palette(page)).toBeHidden();
  await expect(result).toHaveText(`Marked "${title}" done.`);
  await expect(counts).toHaveText(before!);
  await openPalette(page);
  await page.keyboard.type(title.toLowerCase());
  await expect(palette(page).getByRole("option", { name: new RegExp(`Mark Done: ${title}`) })).toHaveCount(0);

  // "minutes" answers the time balance in the list.
  await page.keyboard.press("Control+a");
  await page.keyboard.type("minutes");
  await expect(palette(page).getByRole("option").first()).toContainText(/\d+ minutes left/);

  // Escape closes; the palette passes axe open, in light and in dark.
  await page.keyboard.press("Escape");
  await expect(palette(page)).toBeHidden();
  await openPalette(page);
  await page.keyboard.press("2");
  await page.keyboard.press("1");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await openPalette(page);
  await expectNoA11yViolations(page);
  await page.keyboard.press("2");
  await page.keyboard.press("2");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await openPalette(page);
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
});

test("visitors get Sign In and Create Account, and no dashboard commands", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Search and commands" }).click();
  await expect(palette(page)).toBeVisible();
  await expect(palette(page).locator("[cmdk-group-heading]")).toHaveText(["1Navigation", "2Theme", "3Account"]);
  await page.keyboard.type("create");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/register/);
});
