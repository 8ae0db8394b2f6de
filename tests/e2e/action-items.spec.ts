import { expect, test } from "./helpers/test";
import { ACTION_ITEM_MESSAGES } from "../../convex/model/messages";
import { expectNoA11yViolations } from "./helpers/a11y";
import { signIn } from "./helpers/sign-in";

const TRANSCRIPT = [
  "[00:05] Cora: How did the week go, Maya?",
  "[00:20] Maya: Better. This week I'll send the invoice to Dana by Friday.",
  "[00:41] Cora: Good. I will share the focus-block template with you tomorrow.",
  "[01:02] Maya: I might try a short walk before I open my email.",
  "[01:30] Cora: Great, talk soon.",
].join("\n");
const QUOTE = "This week I'll send the invoice to Dana by Friday.";

test("a coach uploads a transcript, accepts a suggested commitment, and the member completes it", async ({ browser }) => {
  const coach = await signIn(browser, "coach@example.com", "demo-coach-2026");
  const member = await signIn(browser, "maya@example.com", "demo-maya-2026");

  // The coach opens Maya's latest past session from their dashboard and adds its transcript.
  const recent = coach.getByRole("region", { name: "Recent sessions" });
  // Over by the browser's clock too: a journey before may have moved the backend's clock ahead.
  await recent
    .getByRole("link", { name: /Maya Ortiz/ })
    .filter({ hasText: / ago · / })
    .first()
    .click();
  await expect(coach).toHaveURL(/\/session\/[^/]+$/);
  await coach.getByLabel("Transcript text").fill(TRANSCRIPT);
  await coach.getByRole("button", { name: "Upload transcript" }).click();
  await expect(coach.getByText("Transcript saved.")).toBeVisible();

  // Suggestions arrive live, each with its quote, timestamp and confidence.
  const panel = coach.getByRole("region", { name: "Suggested action items" });
  const suggestion = panel.getByRole("listitem").filter({ hasText: QUOTE });
  await expect(suggestion).toBeVisible();
  await expect(suggestion.getByRole("link", { name: "Open the transcript at 00:20" })).toBeVisible();
  await expect(suggestion.getByText(/^AI Confidence \d+%$/)).toBeVisible();
  await expect(panel.getByRole("listitem").filter({ hasText: "I might try a short walk" }).getByText("Tentative")).toBeVisible();
  await expectNoA11yViolations(coach);
  const title = (await suggestion.getByRole("heading").first().textContent())!.trim();
  const card = member.getByRole("region", { name: "Action items" });
  const pendingBefore = Number(/(\d+) pending/.exec((await card.getByText(/\d+ pending/).textContent()) ?? "")?.[1]);
  await suggestion.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(panel.getByText("Added to action items.")).toBeVisible();
  await expect(panel.getByRole("listitem").filter({ hasText: QUOTE })).toHaveCount(0);

  // Maya's dashboard card counts it without a reload (it lists only the three most pressing, which
  // depends on today's date); she completes it on the Action Items page.
  await expect(card.getByText(new RegExp(`^${pendingBefore + 1} pending`))).toBeVisible();
  await card.getByRole("link", { name: "View All" }).click();
  await expect(member).toHaveURL(/\/dashboard\/action-items$/);
  await expect(member.getByRole("heading", { level: 1, name: "Action Items" })).toBeVisible();
  const item = member
    .getByRole("listitem")
    .filter({ has: member.getByRole("heading", { name: title }) })
    .first();
  await expect(item).toBeVisible();
  await expectNoA11yViolations(member);
  await item.getByRole("button", { name: `Actions for ${title}` }).click();
  await member.getByRole("menuitem", { name: "Mark Complete" }).click();
  // Completed: the menu no longer offers Mark Complete, and the details say so.
  await expect(item.getByRole("button", { name: title, exact: true })).toHaveClass(/line-through/);
  await item.getByRole("button", { name: `Actions for ${title}` }).click();
  await expect(member.getByRole("menuitem", { name: "Start Progress" })).toBeVisible();
  await expect(member.getByRole("menuitem", { name: "Mark Complete" })).toHaveCount(0);
  await member.keyboard.press("Escape");

  // The item's details keep the evidence: the quote, its time and the AI's confidence.
  await item.getByRole("button", { name: title, exact: true }).click();
  const details = member.getByRole("dialog");
  await expect(details.getByText("Completed").first()).toBeVisible();
  await expect(details.getByText(QUOTE, { exact: true })).toBeVisible();
  await expect(details.getByText(/AI Confidence/)).toBeVisible();

  // ...and its link lands on the moment in the transcript where it was said.
  await details.getByRole("link", { name: "Open the transcript at 00:20" }).click();
  await expect(member).toHaveURL(/\/dashboard\/transcripts\/[^/]+#at-00-20$/);
  await expect(member.locator('[aria-current="location"]')).toContainText(QUOTE);
  await expect(member.locator('[aria-current="location"]')).toBeInViewport();
});

test("on her coach's item Maya changes the status and adds her notes; its details stay the coach's", async ({ browser }) => {
  const member = await signIn(browser, "maya@example.com", "demo-maya-2026");
  await member.goto("/dashboard/action-items");
  const title = "Send Maya the meeting-reply snippets";
  const item = member
    .getByRole("listitem")
    .filter({ has: member.getByRole("heading", { name: title }) })
    .first();
  await item.getByRole("button", { name: title, exact: true }).click();
  await member.getByRole("dialog").getByRole("button", { name: "Edit" }).click();

  const dialog = member.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Edit Action Item" })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Your coach's item" })).toBeVisible();
  await expect(dialog.getByText(ACTION_ITEM_MESSAGES.COACH_ITEM_NOTE)).toBeVisible();
  await expect(dialog.getByLabel(/^Title/)).toHaveCount(0);
  await expect(dialog.getByLabel(/^Coach visible/)).toHaveCount(0);
  await expectNoA11yViolations(member);
  await dialog.getByLabel(/^Status/).selectOption("In Progress");
  await dialog.getByLabel(/^Completion notes/).fill("Looking forward to them.");
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(dialog).toHaveCount(0);

  await item.getByRole("button", { name: title, exact: true }).click();
  const details = member.getByRole("dialog");
  await expect(details.getByText("Looking forward to them.")).toBeVisible();
  await expect(details.getByText("In Progress").first()).toBeVisible();
  await expect(details.getByRole("heading", { name: title })).toBeVisible();
});
