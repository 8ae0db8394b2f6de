import { expect, type Page } from "@playwright/test";

/**
 * Opens `path` and waits until the app has taken over the page: a prerendered page shows its
 * content before that, but a click on it would land on markup that nothing listens to yet.
 */
export async function gotoLive(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-app="live"]')).toBeAttached();
  return response;
}
