import { expect, test } from "./helpers/test";
import ICAL from "ical.js";
import { expectNoA11yViolations } from "./helpers/a11y";
import { bookFirstOpenSlot } from "./helpers/booking";

/** The events of an iCalendar text, read back with ical.js. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

test("a member copies their private calendar link, and the feed lists the booking just made; a new link revokes the old one", async ({ browser }) => {
  const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email address").fill("maya@example.com");
  await page.getByLabel("Password").fill("demo-maya-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const { sessionId } = await bookFirstOpenSlot(page);
  // The booking itself offers its own "Add to calendar".
  const add = page.getByRole("region", { name: "Add to calendar" });
  await expect(add.getByRole("link", { name: /Google Calendar/ })).toHaveAttribute("href", /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);
  await expect(add.getByRole("button", { name: "Download .ics (Apple, Outlook)" })).toBeVisible();

  await page.goto("/dashboard/settings");
  const calendar = page.getByRole("region", { name: "Calendar" });
  const field = calendar.getByRole("textbox", { name: "Your private calendar link" });
  const make = calendar.getByRole("button", { name: "Make my calendar link" });
  await expect(make.or(field)).toBeVisible();
  if (await make.isVisible()) await make.click();
  await expect(field).toHaveValue(/\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await calendar.getByRole("button", { name: "Copy link" }).click();
  await expect(calendar.getByText("Copied!")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await field.inputValue());
  await expectNoA11yViolations(page);

  // What a calendar app reads from the copied link: the booking just made, by its lasting UID.
  const feed = await page.request.get(copied);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const events = eventsOf(await feed.text());
  expect(events.map((event) => event.uid)).toContain(`session-${sessionId}@lwcc`);
  expect(events.find((event) => event.uid === `session-${sessionId}@lwcc`)!.summary).toBe("Coaching session with Cora Coach");

  // A new link, after asking: the copied one stops working at once.
  await calendar.getByRole("button", { name: "Make a new link" }).click();
  await calendar.getByRole("button", { name: "Yes, make a new link" }).click();
  await expect(calendar.getByText("Your new link is ready. The old one no longer works.")).toBeVisible();
  await expect(field).not.toHaveValue(copied);
  expect((await page.request.get(copied)).status()).toBe(404);
  expect((await page.request.get(await field.inputValue())).status()).toBe(200);
  await context.close();
});
