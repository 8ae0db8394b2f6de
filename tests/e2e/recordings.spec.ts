import { expect, test } from "./helpers/test";
import { expectNoA11yViolations } from "./helpers/a11y";
import { signIn } from "./helpers/sign-in";

test("a coach uploads a recording on the session page, and the member plays that file", async ({ browser }) => {
  const coach = await signIn(browser, "coach@example.com", "demo-coach-2026");
  const member = await signIn(browser, "maya@example.com", "demo-maya-2026");
  const title = `Check-in recording ${Date.now()}`;
  const bytes = Buffer.from(`ID3 a short recording ${title}`);

  // A session already over by the browser's clock too: a journey before may have moved the backend's clock ahead.
  await coach
    .getByRole("region", { name: "Recent sessions" })
    .getByRole("link", { name: /Maya Ortiz/ })
    .filter({ hasText: / ago · / })
    .first()
    .click();
  await expect(coach).toHaveURL(/\/session\/[^/]+$/);
  await coach.getByLabel(/^Recording file/).setInputFiles({ name: "check-in.mp3", mimeType: "audio/mpeg", buffer: bytes });
  await coach.getByLabel(/^Title/).fill(title);
  await coach.getByRole("button", { name: "Upload recording" }).click();
  await expect(coach.getByText("Recording saved.")).toBeVisible();
  await expectNoA11yViolations(coach);

  // The member finds it among their recordings and gets the very file the coach uploaded.
  await member.goto("/dashboard/recordings");
  await expect(member.getByRole("link", { name: title }).first()).toBeVisible();
  await expectNoA11yViolations(member);
  await member.getByRole("link", { name: title }).first().click();
  await expect(member.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expectNoA11yViolations(member);
  const src = await member.getByLabel(title).getAttribute("src");
  expect(src).toBeTruthy();
  const played = await member.request.get(src!);
  expect(played.status()).toBe(200);
  expect(Buffer.from(await played.body()).equals(bytes)).toBe(true);
});
