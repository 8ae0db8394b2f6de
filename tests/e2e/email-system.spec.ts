import { expect, test, type Browser, type Page } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";

async function signInAsAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await page.getByLabel("Email address").fill("admin@example.com");
  await page.getByLabel("Password").fill("demo-admin-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test("an admin sends a campaign to the newsletter list; a reader clicks its link and the open dashboard follows without a reload", async ({ browser }) => {
  const admin = await signInAsAdmin(browser);
  await admin.goto("/admin/email");
  await expect(admin.getByRole("heading", { level: 1, name: "Email System" })).toBeVisible();
  const totalSent = admin.locator("dl[aria-label='Campaign performance'] > div").filter({ hasText: "Total sent" }).locator("dd");
  await expect(totalSent).not.toHaveText("");
  const sentBefore = Number((await totalSent.textContent())!.replace(/\D/g, ""));
  // The per-day figures behind the chart: the newest day is last.
  await admin.getByText("Show the figures as a table").first().click();
  const today = admin.getByRole("table", { name: /sent, opened and clicked per day/i }).getByRole("row").last();
  await expect(today).toBeVisible();
  const clickedBefore = Number(await today.getByRole("cell").nth(2).textContent());
  await expectNoA11yViolations(admin);

  // Compose from the seeded newsletter template and send it now, from the campaigns tab.
  await admin.getByRole("tab", { name: "Campaigns" }).click();
  await admin.getByRole("button", { name: "New campaign" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel(/^Name/).fill("Winter focus letter");
  await dialog.getByLabel(/^Template/).selectOption({ label: "Weekly focus letter" });
  await expect(dialog.getByText(/^Goes to \d+ (people|person)\.$/)).toBeVisible();
  await dialog.getByRole("button", { name: "Send now" }).click();
  await expect(admin.getByText("Campaign created. It is going out now.")).toBeVisible();
  await expect(admin.getByRole("link", { name: "Winter focus letter" })).toBeVisible();

  // Back on the overview (same page, no reload), the sends arrive.
  await admin.getByRole("tab", { name: "Overview" }).click();
  await admin.getByText("Show the figures as a table").first().click();
  await expect.poll(async () => Number((await totalSent.textContent())!.replace(/\D/g, ""))).toBeGreaterThan(sentBefore);

  // The admin opens one of the e-mails in the outbox, in another tab, and takes its tracked link.
  const outbox = await admin.context().newPage();
  await outbox.goto("/admin/messages");
  await outbox.getByRole("tab", { name: "E-mail outbox" }).click();
  const email = outbox.getByRole("listitem").filter({ hasText: "your focus letter for this week" }).first();
  await email.getByText("Show the email").click();
  await expect(email.locator("pre")).toBeVisible();
  await expectNoA11yViolations(outbox);
  const text = await email.locator("pre").textContent();
  const link = /https?:\/\/\S+\/email\/click\/\S+/.exec(text ?? "")?.[0];
  expect(link, "the e-mail's text holds a tracked link").toBeTruthy();

  // A reader, in a browser of their own, clicks it and lands on the blog.
  const reader = await (await browser.newContext()).newPage();
  await reader.goto(link!);
  await expect(reader).toHaveURL(/\/blog$/);

  // The dashboard, still open, counts the click (and the open it implies) without a reload.
  await expect.poll(async () => Number(await today.getByRole("cell").nth(2).textContent())).toBe(clickedBefore + 1);
  await expect(admin.getByRole("listitem").filter({ hasText: "Winter focus letter" })).toContainText(/ clicked/);
  await expectNoA11yViolations(admin);
});
