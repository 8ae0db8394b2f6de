import { expect, test, type Page } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { advanceBackendClock } from "./helpers/clock";
import { signIn } from "./helpers/sign-in";

const people = (page: Page) => page.getByRole("region", { name: /^In this room/ }).getByRole("listitem");
const here = (page: Page, name: string) => people(page).filter({ hasText: name }).getByText("Here", { exact: true });

/** The countdown's seconds left, as the page shows it ("24:59"). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole("timer").textContent()) ?? "";
  const [minutes, seconds] = text.split(":").map(Number);
  return minutes! * 60 + seconds!;
}

test("three people in three browsers see each other join a focus room with their goals, one countdown, leaving, closing the tab, and the check-in at the end", async ({ browser }) => {
  const coach = await signIn(browser, "coach@example.com", "demo-coach-2026");
  const maya = await signIn(browser, "maya@example.com", "demo-maya-2026");
  const theo = await signIn(browser, "theo@example.com", "demo-theo-2026");

  // The coach hosts a 25-minute room now.
  await coach.goto("/focus");
  await coach.getByLabel("Your goal").fill("Write the workshop outline");
  await coach.getByRole("button", { name: "Start room" }).click();
  await expect(coach).toHaveURL(/\/focus\/\w+$/);
  await expect(here(coach, "Cora C.")).toBeVisible();

  // Maya finds it in the list and joins with her goal; both pages show both, live.
  await maya.goto("/focus");
  const listed = maya.getByRole("listitem", { name: "Room hosted by Cora C." });
  await expect(listed).toContainText("1 of 6 seats taken");
  await listed.getByRole("link", { name: "See and join" }).click();
  await maya.getByLabel("Your goal for this room").fill("Send three invoices");
  await maya.getByRole("button", { name: "Join room" }).click();
  await expect(here(maya, "Maya O.")).toBeVisible();
  await expect(here(coach, "Maya O.")).toBeVisible();
  await expect(people(coach).filter({ hasText: "Maya O." })).toContainText("Send three invoices");

  // Theo joins from a link to the room.
  await theo.goto(coach.url());
  await theo.getByLabel("Your goal for this room").fill("Tidy the desk");
  await theo.getByRole("button", { name: "Join room" }).click();
  for (const page of [coach, maya, theo]) {
    await expect(here(page, "Theo B.")).toBeVisible();
    await expect(people(page)).toHaveCount(3);
  }

  // One shared countdown: the three pages agree within a second.
  const left = await Promise.all([coach, maya, theo].map(secondsLeft));
  expect(Math.max(...left) - Math.min(...left)).toBeLessThanOrEqual(1);
  expect(Math.min(...left)).toBeGreaterThan(20 * 60);
  await expectNoA11yViolations(maya);

  // Theo leaves: the others see him gone at once.
  await theo.getByRole("button", { name: "Leave room" }).click();
  await expect(people(coach).filter({ hasText: "Theo B." })).toHaveCount(0);
  await expect(people(maya)).toHaveCount(2);

  // The coach closes the tab: the page's beacon ends the presence at once, well before a time-out.
  await coach.close({ runBeforeUnload: true });
  await expect(people(maya).filter({ hasText: "Cora C." }).getByText("Away", { exact: true })).toBeVisible();

  // The room's time passes: each page turns to the check-in.
  await advanceBackendClock(26 * 60_000);
  await expect(maya.getByText("This room has ended.")).toBeVisible();
  const checkIn = maya.getByRole("region", { name: "How did it go?" });
  await checkIn.getByRole("button", { name: "Partly" }).click();
  await expect(checkIn.getByRole("status")).toHaveText("Some progress is still progress. You've focused on 1 day.");
  await expect(checkIn.getByRole("button", { name: "Partly" })).toHaveAttribute("aria-pressed", "true");
  await expectNoA11yViolations(maya);
  await expect(theo.getByRole("region", { name: "How did it go?" })).toBeVisible();

  // Back on the list, the count of focus days.
  await maya.goto("/focus");
  await expect(maya.getByText("You've focused on 1 day.")).toBeVisible();
  for (const page of [coach, maya, theo]) await page.context().close();
});
