import { expect, test, type Page } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { signIn } from "./helpers/sign-in";

async function openCategory(page: Page, name: string) {
  await page.goto("/forum");
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test("a member starts a thread, another sees it live and replies, the first hears of it; a coach hides a reported reply and it goes for both", async ({
  browser,
}) => {
  const title = "Quiet co-working on Friday mornings?";
  const reply = "Count me in. I bring the invoices I keep avoiding.";

  // Theo has not joined yet: he picks a forum name first.
  const theo = await signIn(browser, "theo@example.com", "demo-theo-2026");
  await theo.goto("/forum");
  await theo.getByLabel("Forum name").fill("Theo B");
  await theo.getByRole("button", { name: "Join the forum" }).click();
  await expect(theo.getByLabel("Forum name")).toHaveCount(0);
  await expectNoA11yViolations(theo);
  await openCategory(theo, "Focus & tools");

  // Maya starts a thread; Theo's open category page lists it without a reload.
  const maya = await signIn(browser, "maya@example.com", "demo-maya-2026");
  await openCategory(maya, "Focus & tools");
  await maya.getByRole("button", { name: "New thread" }).click();
  await maya.getByLabel("Title").fill(title);
  await maya.getByRole("textbox", { name: "Your post" }).fill("Would anyone join a **one-hour** body-doubling call on Fridays? Cameras optional.");
  await maya.getByRole("button", { name: "Post thread" }).click();
  await expect(maya).toHaveURL(/\/forum\/t\/[^/]+$/);
  await expect(maya.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(maya.getByText("one-hour", { exact: true })).toHaveJSProperty("tagName", "STRONG");

  const listed = theo.getByRole("list", { name: "Threads" }).getByRole("link", { name: title });
  await expect(listed).toBeVisible();
  await listed.click();
  await theo.getByRole("textbox", { name: "Your reply" }).fill(reply);
  await theo.getByRole("button", { name: "Post reply" }).click();
  await expect(theo.getByRole("article").filter({ hasText: reply })).toBeVisible();

  // Maya's open thread shows the reply live, and she follows her own thread, so she is told.
  const replyOnMaya = maya.getByRole("article").filter({ hasText: reply });
  await expect(replyOnMaya).toBeVisible();
  // The pop-up that tells her sits below the header: its search and account menu stay in reach.
  const told = maya.getByRole("list", { name: "Notifications" }).getByRole("listitem").filter({ hasText: title });
  await expect(told).toBeVisible();
  const header = (await maya.getByRole("banner").boundingBox())!;
  expect((await told.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  await expectNoA11yViolations(maya);

  // She reports it; the coach hides it from the moderation queue.
  await replyOnMaya.getByRole("button", { name: "Report" }).click();
  const reportDialog = maya.getByRole("dialog");
  await reportDialog.getByLabel("What is the problem?").fill("It names a client of Theo's; please take it down.");
  await reportDialog.getByRole("button", { name: "Send report" }).click();
  await expect(replyOnMaya.getByText("Reported. A moderator will look at it soon.")).toBeVisible();

  const coach = await signIn(browser, "coach@example.com", "demo-coach-2026");
  await coach.goto("/forum/moderation");
  const report = coach.getByRole("list", { name: "Open reports" }).getByRole("listitem").filter({ hasText: reply });
  await expect(report).toBeVisible();
  await expectNoA11yViolations(coach);
  await report.getByRole("button", { name: "Hide post" }).click();
  const hideDialog = coach.getByRole("dialog");
  await hideDialog.getByLabel("Reason").fill("Shares details about someone who is not here.");
  await hideDialog.getByRole("button", { name: "Hide post" }).click();
  await expect(report).toHaveCount(0);

  // Gone for both members without a reload; the thread itself stays.
  await expect(replyOnMaya).toHaveCount(0);
  await expect(theo.getByRole("article").filter({ hasText: reply })).toHaveCount(0);
  await expect(maya.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await maya.goto("/dashboard/notifications");
  await expect(maya.getByText(`New reply in "${title}"`).first()).toBeVisible();
  await expectNoA11yViolations(maya);
});
