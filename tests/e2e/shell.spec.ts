import { expect, test } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { gotoLive } from "./helpers/live";
import { expectSecurityHeaders, HTTP_ROUTES_ORIGIN, watchCspViolations } from "./helpers/security";
import { signIn } from "./helpers/sign-in";

/** A member's everyday pages and an admin's, each with what shows it has drawn its data. */
const MEMBER_PAGES = [
  "/dashboard",
  "/dashboard/book-session",
  "/dashboard/bookings",
  "/dashboard/action-items",
  "/dashboard/recordings",
  "/dashboard/activity",
  "/dashboard/calendar",
  "/dashboard/notifications",
  "/dashboard/settings",
  "/dashboard/billing",
  "/forum",
  "/checkout?tier=clarity&billing=monthly",
];
const ADMIN_PAGES = ["/admin/users", "/admin/monitoring", "/admin/email", "/health"];

test.describe("app shell", () => {
  test("home, theme that survives a reload, navigation, a missing page, and no axe violations", async ({ page }) => {
    // Live first: the observer below must watch the app's status region, not the prerendered one it replaces.
    await gotoLive(page, "/");
    await expect(page).toHaveTitle("LWCC");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expectNoA11yViolations(page);

    // The announcement is spoken for a second only: what the status region says is recorded from
    // before the click, so a slow machine cannot miss it. The whole page is watched, as the region
    // itself may be rendered afresh (the app's data client arriving remounts the page).
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { announced: string[] }).announced = said;
      new MutationObserver(() => said.push(document.querySelector('[data-testid="theme-announcement"]')?.textContent ?? "")).observe(document.body, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.getByRole("button", { name: /^Theme:/ }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { announced: string[] }).announced)).toContain("Theme set to Dark");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Theme: Dark" })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page).toHaveTitle("FAQ | LWCC");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    await expectNoA11yViolations(page);

    expect((await page.goto("/this-page-does-not-exist"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found | LWCC");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("banner")).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: /^Theme:/ }).click();
    await page.getByRole("menuitemradio", { name: "Light" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expectNoA11yViolations(page);
  });

  test("Auto follows the operating system's colour scheme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("works from the keyboard: skip link, navigation and FAQ answers", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();

    const first = page.getByRole("button", { name: "Who is LWCC for?" });
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("You do not need a diagnosis")).toBeVisible();
  });
});

test.describe("app shell on a phone", () => {
  test("the menu locks scrolling, navigates and closes @mobile", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await expectNoA11yViolations(page);

    await menu.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
  });
});

test.describe("security headers", () => {
  test("a member's and an admin's pages carry the headers and break no security policy", async ({ browser }) => {
    test.setTimeout(180_000);
    for (const [account, password, pages] of [
      ["maya@example.com", "demo-maya-2026", MEMBER_PAGES],
      ["admin@example.com", "demo-admin-2026", ADMIN_PAGES],
    ] as const) {
      const page = await signIn(browser, account, password);
      const violations = await watchCspViolations(page);
      for (const path of pages) {
        expectSecurityHeaders(await page.goto(path));
        await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
        await expect(page.getByRole("button", { name: /account menu/i }), path).toBeVisible();
      }
      expect(violations, account).toEqual([]);
      await page.context().close();
    }
  });

  test("a page of another origin on the same site cannot frame the signed-in dashboard", async ({ browser }) => {
    const page = await signIn(browser, "maya@example.com", "demo-maya-2026");
    const app = new URL(page.url()).origin;
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (/frame-ancestors 'none'/.test(message.text())) refusals.push(message.text());
    });
    // Another port of the same host (the backend's http routes): same site, so the member's
    // cookies go with the frame's request, and a real local page, as an attacker's would be.
    await page.goto(`${HTTP_ROUTES_ORIGIN}/robots.txt`);
    await page.evaluate((url) => {
      const frame = document.createElement("iframe");
      frame.title = "victim";
      frame.src = url;
      frame.width = "800";
      frame.height = "600";
      document.body.append(frame);
    }, `${app}/dashboard`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await expect(page.frameLocator('iframe[title="victim"]').getByRole("heading", { level: 1 })).toHaveCount(0);
    await page.context().close();
  });
});
