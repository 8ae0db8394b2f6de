import { expect, test, type Page } from "./helpers/test";
import { api } from "../../convex/_generated/api";
import { expectNoA11yViolations } from "./helpers/a11y";
import { bookFirstOpenSlot } from "./helpers/booking";
import { asAdmin, signedInClient } from "./helpers/outbox";
import { signIn } from "./helpers/sign-in";

const MAYA = { email: "maya@example.com", password: "demo-maya-2026" };

const agendaOf = (page: Page) => page.getByRole("region", { name: /^(Draft agenda|Agenda)$/ });
const lineTexts = (page: Page) => agendaOf(page).getByRole("listitem").locator("label");

test("the member checks in, and coach and member on the same session page see each other's agenda changes live", async ({ browser }) => {
  const maya = await signIn(browser, MAYA.email, MAYA.password);
  const coach = await signIn(browser, "coach@example.com", "demo-coach-2026");
  // Maya's seeded minutes may be booked already by earlier journeys: an admin's correction gives her an hour.
  const { _id: mayaId } = (await (await signedInClient(MAYA.email, MAYA.password)).query(api.users.me, {}))!;
  await (await asAdmin()).mutation(api.timeBalance.adjust, { userId: mayaId, minutes: 60, note: "Journey: an hour to book" });
  const { sessionId } = await bookFirstOpenSlot(maya);

  await maya.goto(`/session/${sessionId}`);
  await coach.goto(`/session/${sessionId}`);
  const checkIn = maya.getByRole("region", { name: "Your two-minute check-in" });
  await checkIn.getByLabel(/What matters most this time\?/).fill("Getting my Fridays back");
  await expect(checkIn.getByRole("status")).toHaveText("Saved");

  // The coach's open page shows the answer, and the draft agenda takes it in, without a reload.
  await expect(coach.getByRole("region", { name: "Maya Ortiz's check-in" }).getByText("Getting my Fridays back")).toBeVisible();
  await expect(coach.getByRole("region", { name: "Draft agenda" }).getByText("Check-in: What matters most")).toBeVisible();
  await expectNoA11yViolations(maya);

  // The coach adds a line; Maya's page shows it at the end, and the draft is now the agenda.
  await coach.getByLabel("Add an item").fill("Plan the holiday week");
  await coach.getByRole("button", { name: "Add", exact: true }).click();
  await expect(lineTexts(maya).last()).toHaveText("Plan the holiday week");
  await expect(maya.getByRole("heading", { name: "Agenda", exact: true })).toBeVisible();

  // Maya ticks it off and moves it to the top; the coach sees both as they happen.
  await agendaOf(maya).getByRole("checkbox", { name: "Plan the holiday week" }).check();
  await expect(agendaOf(coach).getByRole("checkbox", { name: "Plan the holiday week" })).toBeChecked();
  const count = await lineTexts(maya).count();
  for (let i = 1; i < count; i++) {
    await agendaOf(maya).getByRole("button", { name: "Move up: Plan the holiday week" }).click();
    await expect(lineTexts(maya).nth(count - 1 - i)).toHaveText("Plan the holiday week");
  }
  await expect(lineTexts(coach).first()).toHaveText("Plan the holiday week");
  await expect(agendaOf(coach).getByRole("button", { name: "Move up: Plan the holiday week" })).toBeDisabled();
  await expectNoA11yViolations(coach);

  // Maya's answer, changed again, changes the agenda's line on the coach's page too.
  await checkIn.getByLabel(/What matters most this time\?/).fill("Fridays, and the invoices");
  await expect(checkIn.getByRole("status")).toHaveText("Saved");
  await expect(agendaOf(coach).getByText("Fridays, and the invoices")).toBeVisible();
});
