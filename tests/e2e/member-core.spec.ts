import { expect, test, type Browser, type Page } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { bookFirstOpenSlot } from "./helpers/booking";
import { advanceBackendClock } from "./helpers/clock";

async function signIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  // The coach's screen has to follow the backend's test clock when the session's time comes.
  await context.clock.install();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

/** The big figure of the Time balance card, e.g. "3h". */
const balanceFigure = (page: Page) => page.getByRole("region", { name: "Time balance" }).locator("p").first();

test("a member books, the coach sees it live and completes it, the member's dashboard follows without a reload", async ({ browser }) => {
  const member = await signIn(browser, "maya@example.com", "demo-maya-2026");
  const coach = await signIn(browser, "coach@example.com", "demo-coach-2026");
  await expect(coach.getByRole("heading", { name: "Your upcoming sessions" })).toBeVisible();

  await expect(balanceFigure(member)).not.toHaveText("");
  const before = await balanceFigure(member).textContent();

  // Book the first open time with the coach (the only one, so already chosen).
  // Widget links move within the app: the page is not loaded again.
  await member.evaluate(() => Object.assign(window, { lwccSamePage: true }));
  const { sessionId, day, time } = await bookFirstOpenSlot(member);
  expect(await member.evaluate(() => "lwccSamePage" in window)).toBe(true);
  await expectNoA11yViolations(member);

  // The coach's list gains the booking without a reload.
  const booked = coach.locator(`a[href="/session/${sessionId}"]`);
  await expect(booked).toBeVisible();
  await expect(booked).toContainText("Maya Ortiz");

  // The member's minutes went down by the hour booked, and the booking leads the activity feed.
  await member.goto("/dashboard");
  await expect(balanceFigure(member)).not.toHaveText(before!);
  const newestActivity = member.getByRole("region", { name: "Recent Activity" }).first().getByRole("listitem").first();
  await expect(newestActivity).not.toContainText("Session completed");

  // The session's time comes: the backend and the coach's browser move forward to just after its start.
  // The slot was shown in Maya's zone, UTC; the year is this one, or the next when the week wraps into January.
  const now = new Date();
  let startsAt = Date.parse(`${day.replace(/^\w+, /, "")} ${now.getUTCFullYear()} ${time} UTC`);
  if (startsAt < now.getTime() - 24 * 60 * 60 * 1000)
    startsAt = Date.parse(`${day.replace(/^\w+, /, "")} ${now.getUTCFullYear() + 1} ${time} UTC`);
  expect(startsAt).toBeGreaterThan(now.getTime());
  const ahead = startsAt + 5 * 60 * 1000 - Date.now();
  await advanceBackendClock(ahead);
  await coach.clock.fastForward(ahead);

  await booked.click();
  await expect(coach).toHaveURL(new RegExp(`/session/${sessionId}$`));
  await coach.getByRole("button", { name: "Mark completed" }).click();
  await expect(coach.getByText("Completed").first()).toBeVisible();

  // Maya's dashboard, still open, hears of it without a reload: the notification pops up and the
  // activity feed leads with it.
  await expect(member.getByRole("list", { name: "Notifications" }).getByText("Session completed", { exact: true })).toBeVisible();
  await expect(newestActivity).toContainText("Session completed");
  await expectNoA11yViolations(member);
  // After Maya's checks: her notification hides itself after a few seconds.
  await expectNoA11yViolations(coach);
  await member.goto("/dashboard/notifications");
  await expect(member.getByText(/^Thanks for ".+" with Cora Coach\./).first()).toBeVisible();
  await expectNoA11yViolations(member);
});
