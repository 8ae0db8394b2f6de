import { expect, type Page } from "@playwright/test";

/**
 * Opens `path` and waits until the app has taken over the page. A prerendered page starts it on
 * the visitor's first interaction (src/lib/wake.ts): the mouse moving in, as a visitor's would.
 * For journeys that watch what the app renders; a click needs no waiting (it is replayed).
 */
export async function gotoLive(page: Page, path: string) {
  const response = await page.goto(path);
  await page.mouse.move(1, 1);
  await expect(page.locator('html[data-app="live"]')).toBeAttached();
  return response;
}
