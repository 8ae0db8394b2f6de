import { INDEXED_PATHS } from "../../convex/model/site";
import { SESSION_HINT_COOKIE } from "../../convex/model/sessionHint";
import { expect, test, type BrowserContext, type Page } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { expectSecurityHeaders, watchCspViolations } from "./helpers/security";

/** Every public page a visitor can land on: the sitemap's pages and the sign-in pages. */
const PUBLIC_PAGES = [...INDEXED_PATHS, "/login", "/register"];

/** What a page did on the network and the console, from the moment it was opened. */
function watch(page: Page) {
  const auth: string[] = [];
  const sockets: string[] = [];
  const console: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/auth/")) auth.push(`${request.method()} ${request.url()}`);
  });
  page.on("websocket", (socket) => sockets.push(socket.url()));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") console.push(`${message.type()}: ${message.text()}`);
  });
  return { auth, sockets, console };
}

async function hint(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_HINT_COOKIE)?.value;
}

test("a visitor's public pages ask nothing of sign-in, open no socket, log nothing, break no security policy and settle", async ({ page }) => {
  test.setTimeout(180_000);
  const seen = watch(page);
  const violations = await watchCspViolations(page);
  for (const path of PUBLIC_PAGES) {
    expectSecurityHeaders(await page.goto(path, { waitUntil: "load" }));
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
    // Speed is measured in `npm run bench`; here the page only has to come to rest.
    await page.waitForLoadState("networkidle");
  }
  expect(seen.auth).toEqual([]);
  expect(seen.sockets).toEqual([]);
  expect(seen.console).toEqual([]);
  expect(violations).toEqual([]);
});

test("a prerendered page loads only its first script until the visitor acts, and their first click is done once the app has started", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/pricing", { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  // The app is the build's `main` entry (vite.config.ts): not fetched while nobody has acted.
  expect(scripts.filter((path) => /\/assets\/main-/.test(path))).toEqual([]);
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
  expect(scripts.filter((path) => /\/assets\/main-/.test(path))).toHaveLength(1);
  // The app's navigation, not a page load: the window is the same one.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test("a visitor who has scrolled down is left there when the app starts, so the click they aim lands", async ({ page }) => {
  await page.goto("/");
  const name = page.locator("#newsletter").getByLabel("Name");
  // Scrolling to the form is what starts the app.
  await name.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await expect(page.locator("html")).toHaveAttribute("data-app", "live");
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // A click at the place the visitor saw the field lands in it.
  const box = (await name.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(name).toBeFocused();
});

for (const path of PUBLIC_PAGES) {
  test(`${path} passes axe in light and dark`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoA11yViolations(page);
  });
}

test("a visitor gets the blog's posts with the page, and once they act the app reads them again over HTTP, without a socket", async ({ page }) => {
  const seen = watch(page);
  const scripts: string[] = [];
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    if (new URL(request.url()).pathname === "/api/query") reads.push(request.postData() ?? "");
  });
  await page.goto("/blog", { waitUntil: "load" });
  const posts = page.getByRole("list").getByRole("heading", { level: 2 });
  await expect(posts.first()).toBeVisible();
  const prerendered = await posts.allTextContents();
  await page.waitForLoadState("networkidle");
  // Prerendered with its posts: neither the app nor a read until the visitor acts.
  expect(scripts.filter((path) => /\/assets\/main-/.test(path))).toEqual([]);
  expect(reads).toEqual([]);

  await page.mouse.move(200, 200);
  await expect(page.locator("html[data-app=live]")).toBeAttached();
  await expect.poll(() => reads.filter((body) => body.includes("catalog:articles")).length).toBe(1);
  await expect(posts).toHaveText(prerendered);
  expect(seen.sockets).toEqual([]);
  expect(seen.console).toEqual([]);
});

test("signing in, and reloading any page, keeps the member signed in", async ({ page, context }) => {
  await page.goto("/login");
  await page.getByLabel("Email address").fill("maya@example.com");
  await page.getByLabel("Password").fill("demo-maya-2026");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await hint(context)).toBe("1");

  for (const path of ["/dashboard", "/", "/pricing", "/blog"]) {
    await page.goto(path);
    await page.reload();
    await expect(page.getByRole("button", { name: /account menu/i }), path).toBeVisible();
  }
  // A member's pages are live again after the reload.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: /, Maya$/ })).toBeVisible();
});

test("a forged hint costs one quiet token request, and is cleared", async ({ page, context }) => {
  await context.addCookies([{ name: SESSION_HINT_COOKIE, value: "1", url: test.info().project.use.baseURL! }]);
  const seen = watch(page);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(seen.auth).toEqual([expect.stringMatching(/^POST .*\/auth\/token$/)]);
  expect(seen.console).toEqual([]);
  expect(await hint(context)).toBeUndefined();

  // The next page asks nothing.
  await page.goto("/pricing");
  await page.waitForLoadState("networkidle");
  expect(seen.auth).toHaveLength(1);
});
