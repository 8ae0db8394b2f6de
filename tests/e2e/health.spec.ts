import { expect, test } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { signIn } from "./helpers/sign-in";

test("the status page shows the live backend and its embedded services", async ({ page, browser }) => {
  await page.goto("/health");
  await expect(page).toHaveTitle("System status | LWCC");
  await expect(page.getByText("Operational")).toBeVisible();
  // A visitor reads the page once over HTTP: there is no live connection to report.
  await expect(page.getByText("Opens when you sign in", { exact: true })).toBeVisible();
  await expect(page.getByText("Local identity (embedded)")).toBeVisible();
  await expect(page.getByText("Outbox (embedded)")).toBeVisible();
  await expectNoA11yViolations(page);

  const member = await signIn(browser, "maya@example.com", "demo-maya-2026");
  await member.goto("/health");
  await expect(member.getByText("Connected", { exact: true })).toBeVisible();
  await member.context().close();
});
