import { expect, test, type Page } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { signIn } from "./helpers/sign-in";

/** Closes the backend (its sockets drop, data stays on disk) and starts it again after `downMs` (scripts/start.ts). */
async function backendOutage(page: Page, downMs: number) {
  const response = await page.request.post("/_test/backend-outage", { data: { downMs } });
  expect(response.ok()).toBe(true);
}

test("a part that fails shows the calm message and its support code, Try Again brings it back, and the report is live on /admin/monitoring", async ({
  browser,
}) => {
  const watcher = await signIn(browser, "admin@example.com", "demo-admin-2026");
  await watcher.goto("/admin/monitoring");
  await expect(watcher.getByRole("heading", { level: 1, name: "Monitoring" })).toBeVisible();

  const admin = await signIn(browser, "admin@example.com", "demo-admin-2026");
  await admin.goto("/admin/monitoring");
  await admin.getByRole("button", { name: "Send a test error" }).click();
  const failed = admin.getByRole("alert").filter({ hasText: "Something went wrong" });
  await expect(failed).toContainText("This component encountered an error and couldn't render properly");
  await expectNoA11yViolations(admin);
  const reference = (await failed.getByTestId("support-code").textContent())!.trim();
  expect(reference).toMatch(/^LW-/);

  await failed.getByRole("button", { name: "Try Again" }).click();
  await expect(failed).toHaveCount(0);
  await expect(admin.getByRole("button", { name: "Send a test error" })).toBeVisible();

  // The report went through the tunnel into the error records; the other tab shows it without a reload.
  await expect(watcher.getByRole("list", { name: "Latest errors, oldest first" }).getByText(reference)).toBeVisible({ timeout: 20_000 });
});

test("when the backend goes away and comes back, a member's reply keeps its text and is posted after the reconnect", async ({ browser }) => {
  const reply = "Typed while the connection dropped, and still here.";
  const maya = await signIn(browser, "maya@example.com", "demo-maya-2026");
  await maya.goto("/forum");
  await maya.getByRole("link", { name: "Introductions" }).click();
  await maya.getByRole("list", { name: "Threads" }).getByRole("link").first().click();
  const box = maya.getByRole("textbox", { name: "Your reply" });
  await box.fill(reply);

  await backendOutage(maya, 4_000);
  await expect(maya.getByRole("status").filter({ hasText: "Reconnecting" })).toBeVisible();
  await expectNoA11yViolations(maya);
  await expect(box).toHaveValue(reply);
  await maya.getByRole("button", { name: "Post reply" }).click();

  await expect(maya.getByRole("article").filter({ hasText: reply })).toBeVisible({ timeout: 30_000 });
  await expect(maya.getByRole("status").filter({ hasText: "Reconnecting" })).toHaveCount(0);
  await expect(box).toHaveValue("");
  // Nothing was lost or sent twice.
  await expect(maya.getByRole("article").filter({ hasText: reply })).toHaveCount(1);
});
