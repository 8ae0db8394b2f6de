import { expect, test } from "./helpers/test";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { api } from "../../convex/_generated/api";
import { addCalendarDays } from "../../convex/model/actionItemRules";
import { NUDGE_DUE_BEHIND_DAYS } from "../../convex/model/nudgeRules";
import { expectNoA11yViolations } from "./helpers/a11y";
import { backendNow, runCronJob } from "./helpers/clock";
import { asAdmin, mailsTo, signedInClient } from "./helpers/outbox";
import { signIn } from "./helpers/sign-in";

const NUDGE_SUBJECT = /^One thing for today: /;

test("a member turns gentle nudges on, the next run leaves exactly one nudge in the outbox, and its Done link works once", async ({ browser }) => {
  const admin = await asAdmin();
  const maya = await signedInClient("maya@example.com", "demo-maya-2026");
  const me = (await maya.query(api.users.me, {}))!;
  const now = await backendNow();
  // Something of her own is due, whatever earlier journeys did with her commitments. Due at the far
  // end of what a nudge looks at and urgent, so it comes first among her items, which are soonest first.
  const [session] = await maya.query(api.actionItems.sessions, {});
  const title = `Water the plants ${now}`;
  await maya.mutation(api.actionItems.create, {
    sessionId: session!._id,
    title,
    description: "",
    responsibleUserId: me._id,
    commitmentType: "user_commitment",
    priority: "urgent",
    dueDate: addCalendarDays(format(new TZDate(now, me.timezone), "yyyy-MM-dd"), -NUDGE_DUE_BEHIND_DAYS),
    tags: [],
    coachVisible: true,
    clientVisible: true,
  });
  const nudges = async () => (await mailsTo(admin, me.email)).filter((mail) => NUDGE_SUBJECT.test(mail.subject));
  expect(await nudges()).toEqual([]);

  // Quiet hours a few hours from now in her zone, so the run below is outside them at any time of day.
  const hour = new TZDate(now, me.timezone).getHours();
  const page = await signIn(browser, "maya@example.com", "demo-maya-2026");
  await page.goto("/dashboard/settings");
  const card = page.getByRole("region", { name: "Gentle nudges" });
  await card.getByRole("switch", { name: /Send me gentle nudges/ }).click();
  await card.getByRole("combobox", { name: "From" }).selectOption(`${String((hour + 3) % 24).padStart(2, "0")}:00`);
  await card.getByRole("combobox", { name: "Until" }).selectOption(`${String((hour + 4) % 24).padStart(2, "0")}:00`);
  await card.getByRole("button", { name: "Save nudges" }).click();
  await expect(card.getByText("Saved. Nudges are on.")).toBeVisible();
  await expectNoA11yViolations(page);

  await runCronJob("gentle nudges");
  await expect.poll(async () => (await nudges()).length).toBe(1);
  // One a day: the next run sends nothing more.
  await runCronJob("gentle nudges");
  expect(await nudges()).toHaveLength(1);

  const [mail] = await nudges();
  expect(mail!.text).toContain("One thing for today: ");
  const done = new RegExp(`• ${title}\\n  Done: \\S*(/nudge\\?token=\\S+)`).exec(mail!.text)?.[1];
  expect(done).toBeDefined();

  // In the app too, with the same one-click answers.
  await page.goto("/dashboard/notifications");
  await expect(page.getByText(/^One thing for today: /).first()).toBeVisible();
  await expect(page.getByRole("link", { name: `Done: ${title}` }).first()).toBeVisible();

  await page.goto(done!);
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(page.getByText("Marked as done. Nice work.")).toBeVisible();
  await expectNoA11yViolations(page);
  expect((await maya.query(api.actionItems.list, {})).find((item) => item.title === title)?.status).toBe("completed");

  await page.goto("/dashboard");
  await page.goto(done!);
  await expect(page.getByText("You've already answered this one, so there's nothing more to do.")).toBeVisible();
});
