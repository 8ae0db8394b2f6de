import { expect, test, type Page } from "@playwright/test";
import { PAYMENT_MESSAGES } from "../../convex/model/messages";
import { expectNoA11yViolations } from "./helpers/a11y";

/** Theo starts on Foundation with no paid plan; these journeys buy, change and cancel his plan in turn. */
const THEO = { email: "theo@example.com", password: "demo-theo-2026" };

async function signIn(page: Page, account = THEO) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function pay(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("checkbox", { name: /I accept the Terms of Service/ }).check();
  await page.getByRole("button", { name: "Pay securely" }).click();
}

const DECLINES = [
  ["4000 0000 0000 0002", PAYMENT_MESSAGES.card_declined],
  ["4000 0000 0000 9995", PAYMENT_MESSAGES.insufficient_funds],
  ["4000 0000 0000 0069", PAYMENT_MESSAGES.expired_card],
  ["4000 0000 0000 0119", PAYMENT_MESSAGES.processing_error],
] as const;

test.describe.configure({ mode: "serial" });

test("each declining test card shows its SPEC text; the good card activates the plan live on a dashboard open in another browser", async ({ page, browser }) => {
  const elsewhere = await browser.newContext();
  const dashboard = await elsewhere.newPage();
  await signIn(dashboard);
  await expect(dashboard.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(dashboard.getByText("Plan: Clarity")).toHaveCount(0);

  await signIn(page);
  for (const [card, text] of DECLINES) {
    await page.goto("/checkout?tier=clarity&billing=monthly");
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await pay(page, card);
    await expect(page).toHaveURL(/\/checkout\/failed\?/);
    await expect(page.getByRole("alert")).toHaveText(text);
  }
  await page.getByRole("link", { name: "Retry" }).click();
  await expect(page).toHaveURL(/\/checkout\?tier=clarity/);
  await expectNoA11yViolations(page);
  await expect(page.getByLabel(/Cardholder name/)).toHaveValue("Theo Brandt");
  await pay(page, "4242 4242 4242 4242");
  await expect(page.getByRole("button", { name: "Processing..." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText(/We've sent a confirmation e-mail to theo@example.com/)).toBeVisible();

  // The other browser never reloaded: Stripe's webhook changed the tier and the dashboard followed.
  await expect(dashboard.getByText("Plan: Clarity")).toBeVisible();
  await elsewhere.close();
});
