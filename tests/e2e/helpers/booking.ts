import { expect, type Page } from "@playwright/test";

/**
 * Books the first open time with the coach (the only one, so already chosen) from the page's
 * "Book a Session" link, moving on a week while a week has none. Returns the new booking's id and
 * the day heading and time the slot showed.
 */
export async function bookFirstOpenSlot(page: Page): Promise<{ sessionId: string; day: string; time: string }> {
  await page.getByRole("link", { name: "Book a Session" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Book a session" })).toBeVisible();
  const week = page.getByRole("region", { name: /.+/ }).filter({ has: page.locator("#slot-week") });
  const firstSlot = week.locator("li li button").first();
  for (let i = 0; i < 3 && !(await firstSlot.isVisible().catch(() => false)); i++) {
    const none = page.getByText("No open times this week.");
    await expect(none.or(firstSlot)).toBeVisible();
    if (await none.isVisible()) await page.getByRole("button", { name: "Next week" }).first().click();
  }
  const day = await firstSlot.locator("xpath=ancestor::li[2]").getByRole("heading", { level: 3 }).textContent();
  const time = await firstSlot.textContent();
  await firstSlot.click();
  await page.getByRole("dialog").getByRole("button", { name: "Book this session" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings\/[^/]+$/);
  return { sessionId: new URL(page.url()).pathname.split("/").pop()!, day: day!, time: time! };
}
