import { test as base } from "@playwright/test";

export * from "@playwright/test";

/**
 * Playwright's `test`, closing at the end of each journey the browser contexts it opened itself
 * (`browser.newContext()`, `signIn`). The browser lives for the whole run: a context left open keeps
 * its pages live, subscribed and re-rendering through every later journey, which slowed the last
 * ones until they timed out. Closing them also makes a failed journey's page snapshot its own.
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
});
