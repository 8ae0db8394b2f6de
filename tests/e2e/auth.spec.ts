import { expect, test } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";

test("register, sign out, come back through the guard, sign in and edit the profile", async ({ page }) => {
  const email = `robin.${Date.now()}@example.com`;
  const password = "calm-focus-2025";

  // The forms, empty and with their errors showing, meet WCAG 2.2 AA.
  await page.goto("/login");
  await expect(page).toHaveTitle("Sign in | LWCC");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle("Create an account | LWCC");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toContainText("Password is too short");
  await expectNoA11yViolations(page);

  // A new account lands on its dashboard, greeted by name.
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Good (morning|afternoon|evening), Robin$/ })).toBeVisible();
  await expect(page.getByText("Member for less than a month")).toBeVisible();
  await expectNoA11yViolations(page);

  // Signing out from the account menu goes home, where visitors see Sign In.
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(banner.getByRole("button", { name: "Account menu" })).toBeHidden();

  // The member area sends visitors to sign in, and back afterwards.
  await page.goto("/dashboard/settings");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fsettings$/);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("That email and password don't match an account.");
  await expect(page.getByLabel("Email address")).toHaveValue(email);

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Account" })).toContainText(email);

  // The profile saves live: the header's initials follow the new name.
  await page.getByLabel("First name").fill("Robyn");
  await page.getByLabel("Last name").fill("Adeyemi");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(banner.getByRole("button", { name: "Account menu" })).toHaveText("RA");
  await expectNoA11yViolations(page);

  // The session survives a reload (refresh cookie), and the saved name with it.
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Robyn");
});

test("a new member signs out from the phone menu @mobile", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Reyes");
  await page.getByLabel("Email address").fill(`sam.${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("calm-focus-2025");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /, Sam$/ })).toBeVisible();

  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Settings" })).toBeVisible();
  await menu.getByRole("button", { name: "Sign Out" }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
});
