import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "./_generated/api";
import { BOUND_MESSAGES } from "./model/messages";
import { foldEmailCounts, newConvexTest, runScheduled } from "./test.setup";
import { signedIn } from "./test.users";

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubEnv("ACCOUNT_LINK_SECRET", "template-test-account-link-secret-0123456789");
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const welcome = { name: " Welcome ", category: "onboarding" as const, subject: " Welcome, {{firstName}} ", body: "Hi {{firstName}},\n\nStart here: https://lwcc.example/dashboard" };

async function setup() {
  const t = newConvexTest();
  const admin = await signedIn(t, "admin");
  return { t, admin: admin.as };
}

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as { data?: unknown }).data;
  }
  throw new Error("expected a refusal");
}

describe("templates", () => {
  it("creates, updates and archives, newest edit first", async () => {
    const { t, admin } = await setup();
    const first = await admin.mutation(api.emailTemplates.create, welcome);
    vi.advanceTimersByTime(1000);
    const second = await admin.mutation(api.emailTemplates.create, { ...welcome, name: "Second" });
    expect((await admin.query(api.emailTemplates.list, {})).map((x) => [x.name, x.subject, x.usage, x.openRate, x.clickRate])).toEqual([
      ["Second", "Welcome, {{firstName}}", 0, 0, 0],
      ["Welcome", "Welcome, {{firstName}}", 0, 0, 0],
    ]);
    vi.advanceTimersByTime(1000);
    await admin.mutation(api.emailTemplates.update, { templateId: first, ...welcome, name: "Welcome v2", category: "announcement" });
    expect((await admin.query(api.emailTemplates.list, {})).map((x) => [x._id, x.name, x.category])).toEqual([
      [first, "Welcome v2", "announcement"],
      [second, "Second", "onboarding"],
    ]);
    await admin.mutation(api.emailTemplates.archive, { templateId: second, archived: true });
    expect((await admin.query(api.emailTemplates.list, {})).map((x) => x._id)).toEqual([first]);
    expect((await admin.query(api.emailTemplates.list, { includeArchived: true })).map((x) => x._id)).toEqual([first, second]);
    await admin.mutation(api.emailTemplates.archive, { templateId: second, archived: false });
    expect((await t.run((ctx) => ctx.db.get("emailTemplates", second)))!.archivedAt).toBeUndefined();
  });

  it("refuses empty, over-long and unknown-variable fields with every reason, saving nothing", async () => {
    const { t, admin } = await setup();
    expect(await errorOf(admin.mutation(api.emailTemplates.create, { ...welcome, name: "", body: " " }))).toEqual({
      code: "INVALID_TEMPLATE",
      message: "Please check the highlighted fields.",
      fields: { name: "Please fill this in.", body: "Please fill this in." },
    });
    expect(await errorOf(admin.mutation(api.emailTemplates.create, { ...welcome, subject: "Hi\r\nBcc: x@example.com", body: "x".repeat(20_001) }))).toEqual({
      code: "INVALID_INPUT",
      message: "Please check the highlighted fields.",
      fields: { subject: BOUND_MESSAGES.lineCharacters, body: "Use at most 20,000 characters." },
    });
    expect(await errorOf(admin.mutation(api.emailTemplates.create, { ...welcome, subject: "Hi {{ first_name }}" }))).toEqual({
      code: "UNKNOWN_TEMPLATE_VARIABLE",
      message: "This text uses a {{variable}} we don't know. Use only the variables listed beside the editor.",
      fields: { subject: "Unknown variable: {{first_name}}." },
    });
    const id = await admin.mutation(api.emailTemplates.create, welcome);
    const before = await t.run((ctx) => ctx.db.get("emailTemplates", id));
    expect(await errorOf(admin.mutation(api.emailTemplates.update, { templateId: id, ...welcome, body: "{{coupon}}" }))).toMatchObject({ code: "UNKNOWN_TEMPLATE_VARIABLE" });
    expect(await t.run((ctx) => ctx.db.get("emailTemplates", id))).toEqual(before);
    await t.run((ctx) => ctx.db.delete("emailTemplates", id));
    expect(await errorOf(admin.mutation(api.emailTemplates.archive, { templateId: id, archived: true }))).toMatchObject({ code: "TEMPLATE_NOT_FOUND" });
  });

  it("counts the campaigns (not the e-mails) that use a template and keeps a used template's category", async () => {
    const { t, admin } = await setup();
    const templateId = await admin.mutation(api.emailTemplates.create, welcome);
    await t.run(async (ctx) => {
      for (const email of ["a@example.com", "b@example.com"]) await ctx.db.insert("newsletterSubscribers", { email, name: "A", createdAt: 0, source: "form", confirmedAt: 1 });
    });
    const campaignId = await admin.mutation(api.campaigns.create, { name: "Go", templateId, audience: { kind: "newsletter" } });
    await admin.mutation(api.campaigns.send, { campaignId });
    await runScheduled(t);
    const [recipient] = await t.run((ctx) => ctx.db.query("campaignRecipients").collect());
    await t.fetch(`/email/open/${recipient!.token}`);
    await foldEmailCounts(t);
    expect(await admin.query(api.emailTemplates.list, {})).toMatchObject([{ _id: templateId, usage: 1, openRate: 50, clickRate: 0 }]);
    expect(await errorOf(admin.mutation(api.emailTemplates.update, { templateId, ...welcome, category: "promotion" }))).toMatchObject({ code: "TEMPLATE_CATEGORY_LOCKED" });
    await admin.mutation(api.emailTemplates.update, { templateId, ...welcome, name: "Renamed" });
    expect(await admin.query(api.emailTemplates.list, {})).toMatchObject([{ name: "Renamed", usage: 1 }]);
  });
});
