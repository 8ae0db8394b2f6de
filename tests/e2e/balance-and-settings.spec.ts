import { expect, test } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";

test.beforeEach(async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email address").fill("maya@example.com");
  await page.getByLabel("Password").fill("demo-maya-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the time balance details chart minutes bought and used by month, with the same figures in words", async ({ page }) => {
  await page.getByRole("region", { name: "Time balance" }).getByRole("button", { name: "Details" }).click();
  const dialog = page.getByRole("dialog", { name: "Time balance details" });
  const months = dialog.getByRole("region", { name: "Minutes by month" });
  await expect(months.getByText(/^In the last 6 months: .+ bought, .+ used\.$/)).toBeVisible();
  // The chart is drawn (recharts, loaded with the dialog), and its table says the same for screen readers.
  await expect(months.locator("svg .recharts-bar-rectangle").first()).toBeVisible();
  const table = months.getByRole("table", { name: /Minutes bought and used per month/ });
  await expect(table.getByRole("row")).toHaveCount(7);
  await expectNoA11yViolations(page);
});

test("the time-zone field finds a zone by typing and the keyboard, saves it, and refuses text that is not a zone", async ({ page }) => {
  await page.goto("/dashboard/settings");
  const field = page.getByRole("combobox", { name: /Time zone/ });
  await field.fill("Tokyo");
  const option = page.getByRole("option", { name: /Asia\/Tokyo/ });
  await expect(option).toBeVisible();
  await field.press("ArrowDown");
  await field.press("Enter");
  await expect(field).toHaveValue("Asia/Tokyo");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByRole("status").getByText("Saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: /Time zone/ })).toHaveValue("Asia/Tokyo");

  await page.getByRole("combobox", { name: /Time zone/ }).fill("Atlantis");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText("Please select a valid timezone").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: /Time zone/ })).toHaveValue("Asia/Tokyo");
});
