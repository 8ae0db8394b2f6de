import { expect, test, type Page } from "./helpers/test";
import { DEBUG_TEXTS } from "../../convex/model/debug";
import { DEBUG_MESSAGES } from "../../convex/model/messages";
import { DEMO_PAGES } from "../../src/features/demos/demo-pages";
import { expectNoA11yViolations } from "./helpers/a11y";
import { signIn } from "./helpers/sign-in";

const ADMIN_REQUIRED = "You need an admin account to see this.";

/** What each debug page shows once its data is in, so axe checks the page and not its skeleton. */
const LOADED: Record<string, (page: Page) => ReturnType<Page["getByText"]>> = {
  "/demos/hydration": (page) => page.getByRole("heading", { name: "testData.items" }),
  "/demos/collections-permissions": (page) => page.getByRole("table", { name: "Collections" }),
  "/demos/update-to-mastery": (page) => page.getByText("how it would change"),
  "/demos/complementary-subscription": (page) => page.getByRole("heading", { name: "Plans" }),
  "/demos/premium-plan": (page) => page.getByRole("button", { name: "Grant the plan" }),
  "/demos/mcp-airtable": (page) => page.getByRole("button", { name: "Post a test record" }),
  "/demos/signup-api": (page) => page.getByRole("link", { name: "Create an account" }),
  "/demos/style-test": (page) => page.getByRole("heading", { name: /Colour tokens/ }),
  "/demos/campaign-api-errors": (page) => page.getByRole("heading", { name: "Analytics (status 500)" }),
};

const MINE = DEMO_PAGES.filter((demo) => demo.path in LOADED);
const ADMIN_PAGES = MINE.filter((demo) => demo.adminOnly && !demo.devOnly);
const OPEN_PAGES = MINE.filter((demo) => !demo.adminOnly);

async function expectPage(page: Page, demo: (typeof DEMO_PAGES)[number]) {
  await page.goto(demo.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(demo.title);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(LOADED[demo.path]!(page)).toBeVisible();
}

test("an admin opens each admin-only debug page: its heading, noindex, and axe in light and dark", async ({ browser }) => {
  expect(ADMIN_PAGES.map((demo) => demo.path).sort()).toEqual(
    ["/demos/collections-permissions", "/demos/complementary-subscription", "/demos/hydration", "/demos/premium-plan", "/demos/update-to-mastery"].sort(),
  );
  const admin = await signIn(browser, "admin@example.com", "demo-admin-2026");
  for (const demo of ADMIN_PAGES) {
    await expectPage(admin, demo);
    await expectNoA11yViolations(admin);
  }
  // The server's own roles table: the admin's flags as SPEC §6 gives them.
  await admin.goto("/demos/collections-permissions");
  await expect(admin.getByRole("table", { name: "Roles and flags" }).getByRole("row", { name: /^coach/ })).toContainText("coachTools, sessionTemplates");
});

test("the premium plan page grants a complimentary plan or says why not, with next steps; the subscriptions page ends it", async ({ browser }) => {
  const admin = await signIn(browser, "admin@example.com", "demo-admin-2026");
  await admin.goto("/demos/premium-plan");
  const email = admin.getByLabel("Member's e-mail");

  // A plan for Theo, then a second one refused: the server's refusal, the debug info, next steps.
  // (Theo's own state, not the seed's: earlier journeys move the clock and change plans.)
  await email.fill("theo@example.com");
  await admin.getByRole("button", { name: "Grant the plan" }).click();
  await expect(admin.getByText(DEBUG_TEXTS.complementaryGranted("theo@example.com", "premium"))).toBeVisible();
  await expect(admin.getByRole("link", { name: "/premium" })).toBeVisible();
  await expectNoA11yViolations(admin);

  await email.fill("theo@example.com");
  await admin.getByRole("button", { name: "Grant the plan" }).click();
  await expect(admin.getByText(DEBUG_MESSAGES.ALREADY_COMPLEMENTARY)).toBeVisible();
  await expect(admin.getByText(/"code": "ALREADY_COMPLEMENTARY"/)).toBeVisible();
  await expect(admin.getByRole("heading", { name: "Next steps" })).toBeVisible();
  await expectNoA11yViolations(admin);

  await admin.getByRole("link", { name: "the subscriptions page" }).click();
  // Earlier journeys may have given Theo paid plans too: his complimentary one is the row to end.
  const theo = admin.getByRole("row", { name: /theo@example\.com/ }).filter({ hasText: "complimentary" });
  await expect(theo).toHaveCount(1);
  await theo.getByRole("button", { name: "End now: theo@example.com's complimentary plan" }).click();
  await expect(admin.getByText(DEBUG_TEXTS.complementaryEnded("theo@example.com", "premium"))).toBeVisible();
});

test("a member is refused every admin-only debug page and sees none of its data", async ({ browser }) => {
  const maya = await signIn(browser, "maya@example.com", "demo-maya-2026");
  for (const demo of ADMIN_PAGES) {
    await maya.goto(demo.path);
    await expect(maya.getByRole("heading", { level: 1 })).toHaveText(demo.title);
    await expect(maya.getByRole("alert")).toContainText(ADMIN_REQUIRED);
    await expect(maya.getByRole("table")).toHaveCount(0);
    await expect(maya.getByText("testData.items")).toHaveCount(0);
  }
  await expectNoA11yViolations(maya);
});

test("the open debug pages render with axe passing in light and dark; the Airtable post says it is not configured", async ({ page }) => {
  for (const demo of OPEN_PAGES) {
    await expectPage(page, demo);
    await expectNoA11yViolations(page);
  }
  await page.goto("/demos/mcp-airtable");
  await page.getByRole("button", { name: "Post a test record" }).click();
  await expect(page.getByText(DEBUG_TEXTS.airtableNotConfigured)).toBeVisible();
});

test("the real-time test route refuses in the production build, with a link to the dashboard", async ({ page }) => {
  await page.goto("/demos/real-time");
  await expect(page.getByText(DEBUG_TEXTS.realTimeDenied)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("button", { name: "Send a ping" })).toHaveCount(0);
  await expectNoA11yViolations(page);
});

test("the hydration page compares a prerendered public page with the app's render of it", async ({ browser }) => {
  const admin = await signIn(browser, "admin@example.com", "demo-admin-2026");
  await admin.goto("/demos/hydration");
  await admin.getByLabel("Public page").selectOption("/pricing");
  await admin.getByRole("button", { name: "Compare" }).click();
  // The production build prerenders /pricing; the app's render of it must say the same.
  await expect(admin.getByText("The client render matches the prerendered page.")).toBeVisible({ timeout: 20_000 });
  const result = admin.getByRole("region", { name: "Prerendered page against the client render" });
  await expect(result).toContainText("Pricing | LWCC");
  await expectNoA11yViolations(admin);
});
