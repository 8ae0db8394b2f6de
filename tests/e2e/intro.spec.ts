import { expect, test, type Page } from "@playwright/test";
import { INTRO_MESSAGES } from "../../convex/model/messages";
import { ONBOARDING_TEXTS } from "../../convex/model/onboarding";
import { expectNoA11yViolations } from "./helpers/a11y";

const ADMIN = { email: "admin@example.com", password: "demo-admin-2026" };
const COACH = { email: "coach@example.com", password: "demo-coach-2026" };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Books the first open intro time as a new visitor and waits for the welcome. */
async function bookIntro(page: Page, name: string, email: string) {
  await page.goto("/free-intro-session");
  const slot = page.getByRole("button", { name: /^\d{1,2}:\d{2} (AM|PM)$/ }).first();
  // The page is prerendered: a click that lands before hydration does nothing, so try until it opens.
  await expect(async () => {
    await page.getByRole("button", { name: "Choose a time" }).first().click();
    await expect(slot).toBeVisible({ timeout: 2_000 });
  }).toPass();
  // A week ahead, so the journeys that book the demo coach this week find their times as the seed left them.
  await page.getByRole("button", { name: "Next week" }).click();
  await slot.click();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Email address/).fill(email);
  await page.getByRole("button", { name: "Book my free intro" }).click();
  await expect(page.getByRole("heading", { name: "Your intro session is booked" })).toBeVisible();
}

/** On /loading: skips the wait with the 10-second prompt's Fill Form Now. */
async function openOnboardingForm(page: Page) {
  await expect(page.getByRole("heading", { name: ONBOARDING_TEXTS.title })).toBeVisible();
  await page.clock.fastForward(10_000);
  await page.getByRole("button", { name: ONBOARDING_TEXTS.fillFormNow }).click();
  await expect(page.getByRole("button", { name: ONBOARDING_TEXTS.submit })).toBeVisible();
}

test.describe.configure({ mode: "serial" });

test("a visitor books the free intro, lands signed in with the password shown then hidden, answers the onboarding questions and reaches the dashboard with the booking", async ({
  page,
  browser,
}) => {
  await page.clock.install();
  await bookIntro(page, "Nova Visitor", "nova.visitor@example.com");
  await expect(page.getByText("You're signed in already.")).toBeVisible();
  const password = (await page.getByText(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/).textContent())!;
  await expectNoA11yViolations(page);

  await page.clock.fastForward(61_000);
  await expect(page.getByText(INTRO_MESSAGES.PASSWORD_HIDDEN)).toBeVisible();
  await expect(page.getByText(password)).toHaveCount(0);

  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/loading\?booking_id=/);
  await openOnboardingForm(page);
  await page.getByRole("checkbox", { name: "Time and planning" }).check();
  await page.getByLabel("What tends to get in the way?").fill("Too many tabs open at once.");
  await page.getByRole("button", { name: ONBOARDING_TEXTS.submit }).click();

  await expect(page).toHaveURL(/\/loading-complete\?booking_id=.+&response_id=/);
  await expect(page.getByRole("heading", { name: ONBOARDING_TEXTS.completeTitle })).toBeVisible();
  const bookingId = new URL(page.url()).searchParams.get("booking_id")!;
  await page.getByRole("link", { name: ONBOARDING_TEXTS.continueNow }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Free intro session").first()).toBeVisible();

  // The coach reads the answers on the session page.
  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await signIn(coach, COACH);
  await coach.goto(`/session/${bookingId}`);
  await expect(coach.getByText("Too many tabs open at once.")).toBeVisible();
  await coachContext.close();

  // The password shown is the account's password.
  await page.context().clearCookies();
  await signIn(page, { email: "nova.visitor@example.com", password });
});

test("an admin adds a question to the onboarding form, and the next visitor gets it", async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await admin.goto("/admin/form-system-setup");
  await admin.getByRole("button", { name: "Add a question" }).click();
  await admin.getByLabel("Question").last().fill("Which weekday suits you best?");
  await admin.getByRole("button", { name: /^Save as version \d+$/ }).click();
  await expect(admin.getByText(/Saved as version \d+/).first()).toBeVisible();
  await adminContext.close();

  await page.clock.install();
  await bookIntro(page, "Remy Visitor", "remy.visitor@example.com");
  await page.getByRole("link", { name: "Continue" }).click();
  await openOnboardingForm(page);
  await page.getByRole("checkbox", { name: "Focus and getting started" }).check();
  await page.getByLabel("Which weekday suits you best?").fill("Tuesday");
  await page.getByRole("button", { name: ONBOARDING_TEXTS.submit }).click();
  await expect(page.getByRole("heading", { name: ONBOARDING_TEXTS.completeTitle })).toBeVisible();
});
