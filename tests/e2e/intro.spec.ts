import { expect, test, type Page } from "./helpers/test";
import { INTRO_EMAIL_SUBJECT } from "../../convex/model/intro";
import { INTRO_MESSAGES } from "../../convex/model/messages";
import { ONBOARDING_TEXTS } from "../../convex/model/onboarding";
import { INTRO_TEXTS } from "../../src/features/intro/intro-texts";
import { expectNoA11yViolations } from "./helpers/a11y";
import { asAdmin, emailTo } from "./helpers/outbox";

const ADMIN = { email: "admin@example.com", password: "demo-admin-2026" };
const COACH = { email: "coach@example.com", password: "demo-coach-2026" };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Asks for the first open intro time next week and waits for the "check your email" screen. */
async function requestIntro(page: Page, name: string, email: string) {
  await page.goto("/free-intro-session");
  const slot = page.getByRole("button", { name: /^\d{1,2}:\d{2} (AM|PM)$/ }).first();
  // One click opens the times, made on the prerendered page before the app has started: the app
  // starts on it and does it once on screen (it used to take two).
  await page.getByRole("button", { name: "Choose a time" }).first().click();
  await expect(slot).toBeVisible();
  // A week ahead, so the journeys that book the demo coach this week find their times as the seed left them.
  await page.getByRole("button", { name: "Next week" }).click();
  await slot.click();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Email address/).fill(email);
  await page.getByRole("button", { name: "Book my free intro" }).click();
  await expect(page.getByRole("heading", { name: INTRO_TEXTS.checkEmailTitle })).toBeVisible();
  return page.getByRole("heading", { name: INTRO_TEXTS.checkEmailTitle }).locator("..");
}

/** The link of the booking e-mail to `email`, as a path on this site. */
async function linkSentTo(email: string) {
  const text = await emailTo(await asAdmin(), email, INTRO_EMAIL_SUBJECT);
  const link = /\/booking\/confirm\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  expect(link).toBeDefined();
  return { text, link: link! };
}

/** Books the first open intro time next week as a new visitor, follows the e-mailed link and confirms: the welcome. */
async function bookIntro(page: Page, name: string, email: string) {
  await requestIntro(page, name, email);
  const { link } = await linkSentTo(email);
  await page.goto(link);
  await page.getByRole("button", { name: INTRO_TEXTS.confirm }).click();
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

test("a visitor books the free intro, confirms from the e-mail, lands signed in with the password shown then hidden, answers the onboarding questions and reaches the dashboard with the booking", async ({
  page,
  browser,
}) => {
  // The whole funnel, the coach's view and a fresh sign-in: long on a busy machine.
  test.setTimeout(180_000);
  await page.clock.install();
  const panel = await requestIntro(page, "Nova Visitor", "nova.visitor@example.com");
  await expect(panel.getByRole("status")).toHaveText(`We sent a message to nova.visitor@example.com with the subject “${INTRO_EMAIL_SUBJECT}”.`);
  await expect(panel.getByRole("listitem")).toHaveText([...INTRO_TEXTS.nextSteps]);
  await expectNoA11yViolations(page);

  // The e-mail's link: nothing happens on arrival, one press confirms.
  const { text, link } = await linkSentTo("nova.visitor@example.com");
  expect(text).toContain("we make your account and sign you in, show your password once");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: INTRO_TEXTS.confirmTitle })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: INTRO_TEXTS.confirm }).click();
  await expect(page.getByRole("heading", { name: "Your intro session is booked" })).toBeVisible();
  await expect(page.getByText("You're signed in already.")).toBeVisible();
  const password = (await page.getByText(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/).textContent())!;
  await expectNoA11yViolations(page);

  await page.clock.fastForward(61_000);
  await expect(page.getByText(INTRO_MESSAGES.PASSWORD_HIDDEN)).toBeVisible();
  await expect(page.getByText(password)).toHaveCount(0);

  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/loading\?booking_id=/);
  await openOnboardingForm(page);
  await expectNoA11yViolations(page);
  await page.getByRole("checkbox", { name: "Time and planning" }).check();
  await page.getByLabel("What tends to get in the way?").fill("Too many tabs open at once.");
  await page.getByRole("button", { name: ONBOARDING_TEXTS.submit }).click();

  await expect(page).toHaveURL(/\/loading-complete\?booking_id=.+&response_id=/);
  await expect(page.getByRole("heading", { name: ONBOARDING_TEXTS.completeTitle })).toBeVisible();
  // The page moves on by itself after a few seconds; staying keeps it for the checks below, however slow the machine.
  await page.getByRole("button", { name: ONBOARDING_TEXTS.stayHere }).click();
  await expectNoA11yViolations(page);
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
  await expectNoA11yViolations(coach);
  await coachContext.close();

  // The password shown is the account's password, and the link worked once.
  await page.context().clearCookies();
  await signIn(page, { email: "nova.visitor@example.com", password });
  await page.goto(link);
  await expect(page.getByText(INTRO_MESSAGES.INTRO_LINK_USED)).toBeVisible();
});

test("an address that has an account books nothing on it: the same screen, and its owner signs in from the e-mail to confirm", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A member with an account of their own (registered here, so no seeded account changes).
  const email = `rae.${Date.now()}@example.com`;
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto("/register");
  await owner.getByLabel("First name").fill("Rae");
  await owner.getByLabel("Last name").fill("Member");
  await owner.getByLabel("Email address").fill(email);
  await owner.getByLabel("Password").fill("calm-member-2026");
  await owner.getByRole("button", { name: "Create account" }).click();
  await expect(owner).toHaveURL(/\/dashboard$/);

  // Someone else types that address: the very same screen as for a new one, and nothing is booked.
  const panel = await requestIntro(page, "Someone Else", email);
  await expect(panel.getByRole("status")).toHaveText(`We sent a message to ${email} with the subject “${INTRO_EMAIL_SUBJECT}”.`);
  await expect(panel.getByRole("listitem")).toHaveText([...INTRO_TEXTS.nextSteps]);
  await owner.goto("/dashboard/bookings");
  await expect(owner.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(owner.getByText("Free intro session", { exact: true })).toHaveCount(0);

  // The stranger's browser can follow nothing further: the link went to the owner's inbox.
  const { text, link } = await linkSentTo(email);
  expect(text).toContain("You already have an LWCC account, so nothing has been booked on it yet.");
  const visitorView = await (await browser.newContext()).newPage();
  await visitorView.goto(link);
  // A fresh browser loads the Convex client first.
  await expect(visitorView.getByText(INTRO_TEXTS.signInToConfirm)).toBeVisible({ timeout: 20_000 });
  await expect(visitorView.getByRole("button", { name: INTRO_TEXTS.confirm })).toHaveCount(0);

  // The owner, signed in, confirms: the held time is booked on their account, and the questions follow.
  await owner.goto(link);
  await owner.getByRole("button", { name: INTRO_TEXTS.confirm }).click();
  await expect(owner.getByRole("heading", { name: INTRO_TEXTS.bookedTitle })).toBeVisible();
  await owner.getByRole("link", { name: "Continue" }).click();
  await expect(owner).toHaveURL(/\/loading\?booking_id=/);
  const bookingId = new URL(owner.url()).searchParams.get("booking_id")!;

  // Offline, "Complete later" goes out as a plain form post from this page: the site's own origin, a scheduled intro of this address.
  await owner.evaluate(
    ({ bookingId, email }) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/onboarding";
      for (const [name, value] of Object.entries({ action: "complete_later", booking_id: bookingId, email, name: "Rae Member" })) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { bookingId, email },
  );
  await expect(owner).toHaveURL(/\/loading-complete\?booking_id=.+&response_id=/);
  await owner.goto("/dashboard/bookings");
  await expect(owner.getByText("Free intro session", { exact: true }).first()).toBeVisible();
  await ownerContext.close();
});

test("an admin adds a question to the onboarding form, and the next visitor gets it", async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await admin.goto("/admin/form-system-setup");
  await expect(admin.getByRole("button", { name: "Add a question" })).toBeVisible();
  await expectNoA11yViolations(admin);
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
