import { expect, test, type Page } from "./helpers/test";
import { PAYMENT_MESSAGES } from "../../convex/model/messages";
import { formatDuration } from "../../src/lib/relative-time";
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
  // The card's confirmation waits until the button has said it is working: on a busy machine the
  // whole payment can finish before the journey looks, and the state would be missed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/v1/payment_intents/*/confirm", async (route) => {
    await held;
    await route.continue();
  });
  await pay(page, "4242 4242 4242 4242");
  await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
  release();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText(/We've sent a confirmation e-mail to theo@example.com/)).toBeVisible();

  // The other browser never reloaded: Stripe's webhook changed the tier and the dashboard followed.
  await expect(dashboard.getByText("Plan: Clarity")).toBeVisible();
  await elsewhere.close();
});

test("upgrade and downgrade with proration, then cancel at period end and keep the plan after all", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard/billing");
  const plan = page.getByRole("region", { name: "Clarity" });
  await expect(plan).toBeVisible();

  for (const [choice, move, tier] of [
    ["Control Monthly", "Upgrade", "Control"],
    ["Clarity Monthly", "Downgrade", "Clarity"],
  ] as const) {
    await page.getByRole("button", { name: "Change plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your plan" });
    const option = dialog.locator("label").filter({ hasText: choice });
    await expect(option).toContainText(move);
    await option.getByRole("radio").check();
    await dialog.getByRole("button", { name: "Change plan" }).click();
    // Stripe's event, not the request, moves the plan: the card follows live.
    await expect(page.getByText("Done. Stripe confirmed the change.")).toBeVisible();
    await expect(page.getByRole("region", { name: tier })).toBeVisible();
  }

  await page.getByRole("button", { name: "Cancel plan" }).click();
  await page.getByRole("dialog", { name: "Cancel your plan?" }).getByRole("button", { name: "Cancel at end of period" }).click();
  await expect(page.getByText(/^Your plan ends on /)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Keep my plan" }).click();
  await expect(page.getByRole("button", { name: "Cancel plan" })).toBeVisible();
  await expect(page.getByText(/^Your plan ends on /)).toHaveCount(0);
});

/** "3 h 5 min", "45 min" or "2 h" as minutes. */
function minutesOf(text: string): number {
  const hours = /(\d+) h/.exec(text)?.[1] ?? "0";
  const minutes = /(\d+) min/.exec(text)?.[1] ?? "0";
  return Number(hours) * 60 + Number(minutes);
}

test("a time package bought through the cart, with its first session scheduled at checkout, raises the minutes on a dashboard open elsewhere", async ({ page, browser }) => {
  const elsewhere = await browser.newContext();
  const dashboard = await elsewhere.newPage();
  await signIn(dashboard);
  const balance = dashboard.getByRole("region", { name: "Time balance" });
  const totalBefore = minutesOf((await balance.getByText(/^left of /).textContent()) ?? "");

  await signIn(page);
  await page.goto("/marketplace");
  const hour = page.getByRole("listitem", { name: "Coaching Time: 60 Minutes" });
  await hour.getByRole("button", { name: "Add to cart" }).click();
  await hour.getByRole("button", { name: "Add to cart" }).click();
  await expect(hour).toContainText("2 in your cart");

  await page.getByRole("button", { name: "Cart, 2 items" }).click();
  const cart = page.getByRole("dialog", { name: "Your cart" });
  await expect(cart.getByRole("listitem", { name: "Coaching Time: 60 Minutes" })).toContainText("$300.00");
  await expectNoA11yViolations(page);
  await cart.getByRole("link", { name: "Go to checkout" }).click();

  // A declined card changes nothing: the cart is still there when the member tries again.
  const schedule = page.getByRole("dialog", { name: "Schedule your first session?" });
  await schedule.getByRole("button", { name: "Skip for now" }).click();
  await pay(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText(PAYMENT_MESSAGES.card_declined);
  await page.getByRole("link", { name: "Retry" }).click();

  await expect(schedule).toBeVisible();
  const slot = schedule.getByRole("button", { name: /^\d{1,2}:\d{2} (AM|PM)$/ }).first();
  await slot.click();
  await schedule.getByRole("button", { name: "Schedule and continue" }).click();
  await expect(page.getByText(/^First session: .+ with .+\. We book it when your payment is confirmed\.$/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Order summary" })).toContainText("120 minutes for your time balance");
  await expectNoA11yViolations(page);

  await pay(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByText("120 minutes added to your time balance")).toBeVisible();
  await expect(page.getByText(/^Your first session is booked for /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Cart, 0 items" })).toBeVisible();

  // 120 minutes bought, 60 of them booked for the session picked at checkout.
  await expect(balance.getByText(/^left of /)).toHaveText(new RegExp(`^left of ${formatDuration(totalBefore + 120)}$`));
  await page.getByRole("link", { name: "See your booking" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings\/[^/]+$/);
  await elsewhere.close();
});
