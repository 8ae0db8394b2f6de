import { expect, test } from "@playwright/test";
import { expectNoA11yViolations } from "./helpers/a11y";

test("the status page shows the live backend and its embedded services", async ({ page }) => {
  await page.goto("/health");
  await expect(page).toHaveTitle("System status | LWCC");
  await expect(page.getByText("Operational")).toBeVisible();
  await expect(page.getByText("Connected", { exact: true })).toBeVisible();
  await expect(page.getByText("Local identity (embedded)")).toBeVisible();
  await expect(page.getByText("Outbox (embedded)")).toBeVisible();
  await expectNoA11yViolations(page);
});
