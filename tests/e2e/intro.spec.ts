import { expect, test } from "@playwright/test";
import { INTRO_MESSAGES } from "../../convex/model/messages";
import { expectNoA11yViolations } from "./helpers/a11y";

test("a visitor books the free intro, lands signed in with the password shown, then hidden, and finds the booking on the dashboard", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/free-intro-session");
  const slot = page.getByRole("button", { name: /^\d{1,2}:\d{2} (AM|PM)$/ }).first();
  // The page is prerendered: a click that lands before hydration does nothing, so try until it opens.
  await expect(async () => {
    await page.getByRole("button", { name: "Choose a time" }).first().click();
    await expect(slot).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await slot.click();
  await page.getByLabel(/^Name/).fill("Nova Visitor");
  await page.getByLabel(/^Email address/).fill("nova.visitor@example.com");
  await page.getByRole("button", { name: "Book my free intro" }).click();

  await expect(page.getByRole("heading", { name: "Your intro session is booked" })).toBeVisible();
  await expect(page.getByText("You're signed in already.")).toBeVisible();
  const password = (await page.getByText(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/).textContent())!;
  await expectNoA11yViolations(page);

  await page.clock.fastForward(61_000);
  await expect(page.getByText(INTRO_MESSAGES.PASSWORD_HIDDEN)).toBeVisible();
  await expect(page.getByText(password)).toHaveCount(0);

  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Free intro session").first()).toBeVisible();

  // The password shown is the account's password.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email address").fill("nova.visitor@example.com");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
