import { expect, test, type Page } from "./helpers/test";
import { ConvexHttpClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { REACTIVATION_MESSAGES } from "../../convex/model/reactivation";
import { expectNoA11yViolations } from "./helpers/a11y";
import { asAdmin, backendUrl } from "./helpers/outbox";

async function register(page: Page, email: string, password: string) {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Pat");
  await page.getByLabel("Last name").fill("Paused");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("a paused member follows the reactivation link once, and is told the second time that it was used", async ({ browser, page }) => {
  test.setTimeout(90_000);
  const email = `pat.${Date.now()}@example.com`;
  const password = "calm-return-2026";
  await register(page, email, password);

  const admin = await asAdmin();
  // The users row follows the first sign-in (users.ensureCurrent) a moment after the dashboard opens.
  const memberId = async () => (await admin.query(api.users.list, { paginationOpts: { numItems: 20, cursor: null } })).page.find((account) => account.email === email)?._id;
  await expect.poll(memberId).toBeDefined();
  await admin.mutation(api.users.setStatus, { userId: (await memberId())!, status: "deactivated", reason: "inactivity_90_days" });

  // Paused, the member cannot sign in; the reactivation page works without it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/account/reactivate");
  await expect(visitor).toHaveTitle("Reactivate your account | LWCC");
  await expect(visitor.getByText(REACTIVATION_MESSAGES.notLoggedIn, { exact: true })).toBeVisible();
  await visitor.getByLabel(/Email address/).fill(email);
  await visitor.getByRole("button", { name: "Send me a link" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "If that address belongs to a paused account" })).toBeVisible();
  await expectNoA11yViolations(visitor);

  const { page: sent } = await admin.query(api.email.outbox, { paginationOpts: { numItems: 20, cursor: null } });
  const mail = sent.find((row) => row.to === email && row.subject === "Your new LWCC reactivation link");
  const link = /\/account\/reactivate\?token=[A-Za-z0-9._%-]+/.exec(mail?.text ?? "")?.[0];
  expect(link).toBeDefined();

  // First use: the link shows whose account it is and reactivates it for free.
  await visitor.goto(link!);
  await expect(visitor.getByRole("heading", { name: "Welcome back, Pat" })).toBeVisible();
  await expect(visitor.getByText(email)).toBeVisible();
  await expect(visitor.getByText(/paused after 90 days without a sign-in/)).toBeVisible();
  await expectNoA11yViolations(visitor);
  await visitor.getByRole("button", { name: "Reactivate my account for free" }).click();
  await expect(visitor.getByRole("heading", { name: "Your account is active again" })).toBeVisible();

  // The account signs in again.
  await visitor.getByRole("link", { name: "Sign in to continue" }).click();
  await expect(visitor).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await visitor.getByLabel("Email address").fill(email);
  await visitor.getByLabel("Password").fill(password);
  await expect(async () => {
    await visitor.getByRole("button", { name: "Sign in" }).click();
    await expect(visitor).toHaveURL(/\/dashboard$/, { timeout: 2000 });
  }).toPass();

  // Second use: refused with the SPEC text, and no security alarm for the owner.
  await visitor.goto(link!);
  await expect(visitor.getByText(REACTIVATION_MESSAGES.loggedIn, { exact: true })).toBeVisible();
  const alert = visitor.getByRole("alert");
  await expect(alert.getByRole("heading", { name: REACTIVATION_MESSAGES.invalidHeading })).toBeVisible();
  await expect(alert).toContainText(REACTIVATION_MESSAGES.errors.already_used);
  await expect(alert).not.toContainText(REACTIVATION_MESSAGES.securityLogged);
  await expect(visitor.getByRole("link", { name: "Get a new reactivation link" })).toHaveAttribute("href", "/account/reactivate");
  await expect(visitor.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  await expectNoA11yViolations(visitor);
});

test("an older link cannot undo an admin's later pause: it reads as no longer valid and the account stays paused", async ({ page }) => {
  test.setTimeout(90_000);
  const email = `rae.${Date.now()}@example.com`;
  await register(page, email, "calm-return-2026");
  const admin = await asAdmin();
  const memberId = async () => (await admin.query(api.users.list, { paginationOpts: { numItems: 20, cursor: null } })).page.find((account) => account.email === email)?._id;
  await expect.poll(memberId).toBeDefined();
  const userId = (await memberId())!;
  await admin.mutation(api.users.setStatus, { userId, status: "deactivated", reason: "inactivity_90_days" });
  // Paused for inactivity, the member asks for a link, as on /account/reactivate.
  await new ConvexHttpClient(backendUrl).mutation(api.reactivation.requestLink, { email });
  const { page: sent } = await admin.query(api.email.outbox, { paginationOpts: { numItems: 20, cursor: null } });
  const mail = sent.find((row) => row.to === email && row.subject === "Your new LWCC reactivation link");
  const link = /\/account\/reactivate\?token=[A-Za-z0-9._%-]+/.exec(mail?.text ?? "")?.[0];
  expect(link).toBeDefined();

  // Later an admin reactivates the account and pauses it again for a reason that needs a person.
  await admin.mutation(api.users.setStatus, { userId, status: "active" });
  await admin.mutation(api.users.setStatus, { userId, status: "deactivated", reason: "other" });

  await page.context().clearCookies();
  await page.goto(link!);
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: REACTIVATION_MESSAGES.invalidHeading })).toBeVisible();
  await expect(alert).toContainText(REACTIVATION_MESSAGES.errors.default);
  await expect(page.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("button", { name: "Reactivate my account for free" })).toHaveCount(0);
  const account = (await admin.query(api.users.list, { paginationOpts: { numItems: 20, cursor: null } })).page.find((row) => row._id === userId);
  expect(account).toMatchObject({ status: "deactivated", deactivationReason: "other" });
});
