import { expect, test, type Page } from "./helpers/test";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { api } from "../../convex/_generated/api";
import { expectNoA11yViolations } from "./helpers/a11y";
import { bookFirstOpenSlot } from "./helpers/booking";
import { asAdmin, signedInClient } from "./helpers/outbox";
import { signIn } from "./helpers/sign-in";

const THEO = { email: "theo@example.com", password: "demo-theo-2026" };

/** A booking's start as the dashboard's upcoming sessions show it. */
const upcoming = (page: Page, sessionId: string) => page.locator(`[aria-labelledby="upcoming-sessions-title"] li:has(a[href="/dashboard/bookings/${sessionId}"]) time`);

test("a waiting member, in a second browser, is offered the earlier time live when another member cancels it, takes it, and the dashboard shows the new time", async ({
  browser,
}) => {
  const maya = await signIn(browser, "maya@example.com", "demo-maya-2026");
  const theo = await signIn(browser, THEO.email, THEO.password);
  const { _id: theoId, timezone } = (await (await signedInClient(THEO.email, THEO.password)).query(api.users.me, {}))!;
  // Theo's seeded minutes may be booked already: an admin's correction gives him an hour to book.
  await (await asAdmin()).mutation(api.timeBalance.adjust, { userId: theoId, minutes: 60, note: "Journey: an hour to book" });

  // Maya takes the first open time; Theo the next one, which is later.
  const early = await bookFirstOpenSlot(maya);
  const later = await bookFirstOpenSlot(theo);
  const startOf = (page: Page, sessionId: string) => upcoming(page, sessionId).getAttribute("datetime");
  await maya.goto("/dashboard");
  const earlyStart = await startOf(maya, early.sessionId);
  await theo.goto("/dashboard");
  const laterStart = await startOf(theo, later.sessionId);
  expect(Date.parse(earlyStart!)).toBeLessThan(Date.parse(laterStart!));

  // Theo asks to hear about an earlier time: any day up to his booking, any time of day, any weekday.
  await theo.goto(`/dashboard/bookings/${later.sessionId}`);
  const waitlist = theo.getByRole("region", { name: "Hear about an earlier time" });
  await waitlist.getByLabel("To day").fill(format(new TZDate(Date.parse(laterStart!), timezone), "yyyy-MM-dd"));
  await waitlist.getByLabel("Not before").fill("00:00");
  await waitlist.getByLabel("Ending by").fill("23:30");
  for (const day of ["Sat", "Sun"]) await waitlist.getByRole("checkbox", { name: day }).check();
  await waitlist.getByRole("button", { name: "Tell me about earlier times" }).click();
  await expect(waitlist.getByText(/^You're on the list\./)).toBeVisible();

  // Maya cancels in her browser; Theo's open page hears of it without a reload.
  await maya.goto(`/dashboard/bookings/${early.sessionId}`);
  await maya.getByRole("button", { name: "Cancel session" }).click();
  await maya.getByRole("dialog").getByRole("button", { name: "Cancel session" }).click();
  const offer = theo.getByRole("region", { name: "An earlier time is free" });
  await expect(offer).toBeVisible();
  // The notification says so too; it stays until dismissed, and is dismissed before axe looks at the page under it.
  const notifications = theo.getByRole("list", { name: "Notifications" });
  await expect(notifications.getByText("An earlier time is free", { exact: true })).toBeVisible();
  await notifications.getByRole("button", { name: "Dismiss: An earlier time is free" }).click();
  await expect(notifications.getByText("An earlier time is free", { exact: true })).toBeHidden();
  await expectNoA11yViolations(theo);
  await offer.getByRole("button", { name: "Take the earlier time" }).click();
  await expect(offer).toBeHidden();

  await theo.goto("/dashboard");
  await expect(upcoming(theo, later.sessionId)).toHaveAttribute("datetime", earlyStart!);
});
