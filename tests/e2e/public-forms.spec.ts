import { request as httpRequest } from "node:http";
import { expect, test, type Page } from "./helpers/test";
import type { ConvexHttpClient } from "convex/browser";
import { api } from "../../convex/_generated/api";
import { expectNoA11yViolations } from "./helpers/a11y";
import { asAdmin, mailsTo } from "./helpers/outbox";

const THANKS = "Thanks! Please check your inbox: confirm your subscription with the link in the email we just sent you.";

/** Readers who confirmed: the newsletter campaigns' audience. */
const readers = async (admin: ConvexHttpClient) => (await admin.query(api.campaigns.audienceSize, { audience: { kind: "newsletter" } })).count;

/** Both themes meet WCAG 2.2 AA: light by default, then dark. */
async function expectAccessibleInBothThemes(page: Page) {
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expectNoA11yViolations(page);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/dark/);
}

test.describe("public catalogue", () => {
  test("pricing switches between monthly and quarterly prices", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page).toHaveTitle("Pricing | LWCC");
    const control = page.getByRole("listitem", { name: "Control" });
    await expect(control).toContainText("$127.00 / month");
    await expect(control.getByText("Popular")).toBeVisible();
    await expect(page.getByRole("listitem", { name: "Foundation" })).toContainText("Free");
    await expectAccessibleInBothThemes(page);

    await page.getByRole("radio", { name: "Quarterly" }).check();
    await expect(control).toContainText("$345.00 / quarter");
    await expect(control).toContainText("Save $36.00 (9%)");
    await expect(control.getByRole("link", { name: "Choose Control" })).toHaveAttribute("href", "/checkout?tier=control&billing=quarterly");
    await expect(page.getByText(/30-day money-back promise/)).toBeVisible();
  });

  test("the marketplace lists the seeded products", async ({ page }) => {
    await page.goto("/marketplace");
    await expect(page).toHaveTitle("Marketplace | LWCC");
    await expect(page.getByRole("listitem", { name: "Coaching Time: 60 Minutes" })).toBeVisible();
    const cohort = page.getByRole("listitem", { name: "Calendar Clarity Cohort (4 Weeks)" });
    await expect(cohort).toContainText("Currently unavailable");
    await expect(page.getByRole("region", { name: "Coaching time" }).getByRole("listitem")).toHaveCount(3);
    await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(12);
    await expectAccessibleInBothThemes(page);
  });

  test("a blog post renders from its list, and an unknown post says so", async ({ page }) => {
    await page.goto("/blog");
    await expect(page).toHaveTitle("Blog | LWCC");
    await expectAccessibleInBothThemes(page);
    await page.getByRole("link", { name: "Why your calendar keeps lying to you" }).click();
    await expect(page).toHaveURL(/\/blog\/why-your-calendar-keeps-lying-to-you$/);
    await expect(page.getByRole("heading", { level: 1, name: "Why your calendar keeps lying to you" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What the calendar leaves out" })).toBeVisible();
    await expect(page.locator("blockquote")).toContainText("A calendar that shows less");
    await expectAccessibleInBothThemes(page);

    await page.goto("/blog/no-such-post");
    await expect(page.getByRole("heading", { level: 1, name: "We couldn't find that post" })).toBeVisible();
  });

  test("a case study renders from its list", async ({ page }) => {
    await page.goto("/case-studies");
    await expect(page).toHaveTitle("Case studies | LWCC");
    await expectAccessibleInBothThemes(page);
    await page.getByRole("link", { name: "An AI-assisted weekly review that finally stuck" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "An AI-assisted weekly review that finally stuck" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "The results" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});

test.describe("public forms", () => {
  test("a contact message reaches the admin inbox", async ({ browser, page }) => {
    const sender = `Robin ${Date.now()}`;
    await page.goto("/contact?subject=privacy");
    await expect(page).toHaveTitle("Contact | LWCC");
    await expect(page.getByLabel("Subject")).toHaveValue("other");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("About the privacy policy: ");
    await expectAccessibleInBothThemes(page);

    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toContainText("Please check the highlighted fields.");
    await expect(page.getByRole("alert")).toContainText("Enter your name.");
    await expectNoA11yViolations(page);

    await page.getByLabel("Name").fill(sender);
    await page.getByLabel("Email address").fill("robin@example.com");
    await page.getByRole("textbox", { name: "Message" }).fill("About the privacy policy: how long do you keep recordings?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Thanks, your message is on its way. I'll respond within 24 hours.")).toBeVisible();

    // The admin inbox is behind sign-in, and comes back after it.
    await page.goto("/admin/messages");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fmessages$/);
    await page.getByLabel("Email address").fill("admin@example.com");
    await page.getByLabel("Password").fill("demo-admin-2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page).toHaveTitle("Messages | LWCC");
    const item = page.getByRole("listitem", { name: new RegExp(sender) });
    await expect(item).toContainText("how long do you keep recordings?");
    await expect(item.getByText("Unread", { exact: true })).toBeVisible();
    await expectAccessibleInBothThemes(page);

    await item.getByRole("button", { name: /^Mark as read/ }).click();
    await expect(item.getByRole("button", { name: /^Mark as unread/ })).toBeVisible();
    await expect(item.getByText("Unread", { exact: true })).toBeHidden();

    // A new message arrives live, without a reload, and is announced politely.
    const later = `Kai ${Date.now()}`;
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto("/contact");
    await visitor.getByLabel("Name").fill(later);
    await visitor.getByLabel("Email address").fill("kai@example.com");
    await visitor.getByRole("textbox", { name: "Message" }).fill("Is there a course for beginners?");
    await visitor.getByRole("button", { name: "Send message" }).click();
    await expect(visitor.getByText(/Thanks, your message is on its way/)).toBeVisible();
    await visitorContext.close();
    await expect(page.getByRole("listitem").first()).toHaveAccessibleName(new RegExp(later));
    await expect(page.getByText("1 new message")).toBeAttached();

    await page.getByRole("tab", { name: "E-mail outbox" }).click();
    await expect(
      page
        .getByRole("tabpanel")
        .getByRole("heading", { name: `New message from ${sender} (Something else)` })
        .first(),
    ).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("newsletter with JavaScript asks to confirm by e-mail; the link confirms the reader with one click", async ({ browser, page }) => {
    const admin = await asAdmin();
    const before = await readers(admin);
    const email = `sam.${Date.now()}@example.com`;
    await page.goto("/");
    const section = page.locator("#newsletter");
    await expect(section.getByRole("heading", { name: "Calm ideas in your inbox" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await section.getByLabel("Name").fill("Sam");
    await section.getByLabel("Email address").fill(email);
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect(section.getByText(THANKS)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // Not a reader until the address confirms.
    await expect.poll(async () => (await mailsTo(admin, email)).length).toBe(1);
    expect(await readers(admin)).toBe(before);
    const [mail] = await mailsTo(admin, email);
    expect(mail!.subject).toBe("Please confirm your LWCC newsletter sign-up");
    const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail!.text)?.[0];
    expect(link, "the e-mail holds the confirmation link").toBeDefined();

    // The reader opens the link in a browser of their own; opening it alone confirms nothing.
    const reader = await (await browser.newContext()).newPage();
    await reader.goto(link!);
    await expect(reader.getByRole("heading", { level: 1, name: "Confirm your newsletter subscription" })).toBeVisible();
    await expectNoA11yViolations(reader);
    expect(await readers(admin)).toBe(before);
    await reader.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(reader.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
    await expect(reader.getByText(`${email} will get our next newsletter.`, { exact: false })).toBeVisible();
    expect(await readers(admin)).toBe(before + 1);

    // The link works once.
    await reader.reload();
    await reader.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(reader.getByRole("heading", { name: "This link didn't work" })).toBeVisible();
    await expect(reader.getByRole("link", { name: "Sign up again" })).toHaveAttribute("href", "/#newsletter");
    await expectNoA11yViolations(reader);

    // Signing up again answers exactly as before; the e-mail tells the owner they're already on the list.
    await page.reload();
    await section.getByLabel("Name").fill("Sam");
    await section.getByLabel("Email address").fill(email);
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect(section.getByText(THANKS)).toBeVisible();
    await expect.poll(async () => (await mailsTo(admin, email)).map((m) => m.subject)).toEqual([
      "You're already on the LWCC newsletter",
      "Please confirm your LWCC newsletter sign-up",
    ]);
  });

  test("one visitor's flood of sign-ups is refused with when to try again, and another visitor still signs up", async ({ baseURL }) => {
    // Two visitors on machines of their own (other loopback addresses), posting through the web
    // app's proxy as a browser would: the proxy passes each one's address on to the backend.
    const signUp = (from: string, email: string) =>
      new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
        const url = new URL("/api/newsletter", baseURL);
        const post = httpRequest(
          { host: url.hostname, port: url.port, path: url.pathname, method: "POST", localAddress: from, headers: { "content-type": "application/x-www-form-urlencoded" } },
          (response) => {
            let body = "";
            response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"], body }));
          },
        );
        post.on("error", reject);
        post.end(new URLSearchParams({ name: "Flo", email }).toString());
      });
    const stamp = Date.now();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof signUp>> | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const answer = await signUp("127.0.0.3", `flood.${stamp}.${i}@example.com`);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    expect(Number(refused!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect((JSON.parse(refused!.body) as { message: string }).message).toMatch(/^You've signed up several times in a short time\. Please try again in \d+ minutes?\.$/);
    expect((await signUp("127.0.0.4", `neighbour.${stamp}@example.com`)).status).toBe(200);
  });

  test("newsletter falls back to the plain form post when the endpoint fails", async ({ page }) => {
    await page.route("**/api/newsletter", (route) => route.abort());
    await page.goto("/");
    const section = page.locator("#newsletter");
    await section.getByLabel("Name").fill("Kim");
    await section.getByLabel("Email address").fill(`kim.${Date.now()}@example.com`);
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/\?newsletter=subscribed#newsletter$/);
    await expect(page.locator("#newsletter").getByText(THANKS)).toBeVisible();
    await expect(page.locator("#newsletter")).toBeInViewport();
  });

  test("newsletter without JavaScript posts the form and comes back with the outcome", async ({ browser, page }) => {
    // The home page arrives prerendered, so its form works in a browser with JavaScript switched off.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto("/#newsletter");
    const form = noJs.locator("#newsletter form");
    await form.getByLabel("Name").fill("Lee");
    await form.getByLabel("Email address").fill(`lee.${Date.now()}@example.com`);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(noJs).toHaveURL(/\/\?newsletter=subscribed#newsletter$/);
    const landed = noJs.url();
    await context.close();

    // Where the redirect lands, the page shows the outcome.
    await page.goto(landed);
    await expect(page.locator("#newsletter").getByText(THANKS)).toBeVisible();
    await expect(page.locator("#newsletter").getByRole("button", { name: "Subscribe" })).toBeHidden();
  });

  test("registering for an event on /resources", async ({ page }) => {
    await page.goto("/resources");
    await expect(page).toHaveTitle("Resources | LWCC");
    const event = page.getByRole("listitem", { name: "Focus Friday: Quiet Co-working" });
    await expect(event).toContainText("In person");
    await expect(event.getByRole("button", { name: "Show more" })).toBeVisible();
    await expectAccessibleInBothThemes(page);

    await event.getByRole("button", { name: "Show more" }).click();
    await expect(event.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    await event.getByRole("button", { name: /^Register/ }).click();
    await expect(event.getByText("You're registered")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test("the pages fit a 320 px wide screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 720 });
  for (const path of [
    "/pricing",
    "/marketplace",
    "/blog",
    "/blog/why-your-calendar-keeps-lying-to-you",
    "/case-studies",
    "/contact",
    "/resources",
    "/",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("main li, main form").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
