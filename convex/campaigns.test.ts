import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RESEND_BATCH } from "../tests/mocks/resend";
import { server } from "../tests/mocks/server";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { assignVariants, signUnsubscribeToken, verifyUnsubscribeToken } from "./model/campaigns";
import { CAMPAIGN_BATCH_SIZE } from "./model/emailSystem";
import { ERROR_MESSAGES } from "./model/messages";
import { seedDemo } from "./test.seed";
import { foldEmailCounts, newConvexTest, runScheduled } from "./test.setup";
import { signedIn, type Accessor } from "./test.users";

type T = ReturnType<typeof newConvexTest>;

const SECRET = "campaign-test-account-link-secret-0123456789";
const SITE = "https://lwcc.example";
const API_SITE = "https://api.lwcc.example";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-03-02T09:00:00Z"));
  vi.stubEnv("ACCOUNT_LINK_SECRET", SECRET);
  vi.stubEnv("SITE_URL", `${SITE}/`);
  vi.stubEnv("CONVEX_SITE_URL", API_SITE);
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const BODY = "Hi {{firstName}},\n\nThis week on the blog: {{siteUrl}}/blog\nPricing: https://lwcc.example/pricing.\n\nSee you, LWCC";

async function setup() {
  const t = newConvexTest();
  const admin = await signedIn(t, "admin");
  const templateId = await admin.as.mutation(api.emailTemplates.create, { name: "Weekly", category: "newsletter", subject: "Hello {{firstName}}", body: BODY });
  return { t, admin: admin.as, templateId };
}

function addSubscribers(t: T, count: number, prefix = "reader") {
  return t.run(async (ctx) => {
    for (let index = 0; index < count; index++) {
      await ctx.db.insert("newsletterSubscribers", { email: `${prefix}${index}@example.com`, name: `Reader ${index}`, createdAt: Date.now(), source: "form", confirmedAt: Date.now() });
    }
  });
}

const newsletter = { kind: "newsletter" as const };

const campaignOf = (t: T, id: Id<"emailCampaigns">) => t.run((ctx) => ctx.db.get("emailCampaigns", id));
const recipientsOf = (t: T, id: Id<"emailCampaigns">) =>
  t.run((ctx) =>
    ctx.db
      .query("campaignRecipients")
      .withIndex("by_campaign_and_email", (q) => q.eq("campaignId", id))
      .collect(),
  );
const outbox = (t: T) => t.run((ctx) => ctx.db.query("emailOutbox").collect());
const eventCount = (t: T) => t.run(async (ctx) => (await ctx.db.query("emailEvents").collect()).length);

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return (error as { data?: { code: string; fields?: Record<string, string> } }).data;
  }
  throw new Error("expected a refusal");
}

describe("assignVariants", () => {
  it("splits evenly across batches, going on where the last batch stopped, in a random order", () => {
    const counts = [0, 0, 0];
    let already = 0;
    for (const size of [50, 50, 7]) {
      for (const variant of assignVariants(size, already, 3)) counts[variant]! += 1;
      already += size;
    }
    expect(counts).toEqual([36, 36, 35]);
    // Round-robin from where the last batch stopped (here B), then shuffled by the random source.
    expect(assignVariants(4, 1, 2, () => 0.99)).toEqual([1, 0, 1, 0]);
    expect(assignVariants(4, 1, 2, () => 0)).toEqual([0, 1, 0, 1]);
  });
});

describe("create", () => {
  it("makes a draft with one version from the template, and an A/B test from versions", async () => {
    const { t, admin, templateId } = await setup();
    const plain = await admin.mutation(api.campaigns.create, { name: " March news ", templateId, audience: newsletter });
    expect(await campaignOf(t, plain)).toMatchObject({
      name: "March news",
      status: "draft",
      category: "newsletter",
      variants: [{ label: "A", subject: "Hello {{firstName}}", body: BODY }],
      recipientCount: 0,
      links: [`${SITE}/blog`, `${SITE}/pricing`],
    });
    const test = await admin.mutation(api.campaigns.create, {
      name: "Subject test",
      templateId,
      audience: { kind: "tier", tier: "clarity" },
      variants: [
        { subject: "Hello {{firstName}}", body: BODY },
        { subject: "{{firstName}}, this week", body: BODY },
      ],
      testType: "subject",
    });
    expect(await campaignOf(t, test)).toMatchObject({ testType: "subject", variants: [{ label: "A" }, { label: "B" }] });
  });

  it("refuses unknown variables, a test without a type, a type without a test and an archived template, saving nothing", async () => {
    const { t, admin, templateId } = await setup();
    const unknown = await errorOf(
      admin.mutation(api.campaigns.create, { name: "X", templateId, audience: newsletter, variants: [{ subject: "Hi {{nickname}}", body: "Hello" }] }),
    );
    expect(unknown).toMatchObject({ code: "UNKNOWN_TEMPLATE_VARIABLE", fields: { "variants.0.subject": "Unknown variable: {{nickname}}." } });
    const untyped = await errorOf(
      admin.mutation(api.campaigns.create, { name: "", templateId, audience: newsletter, variants: [{ subject: "A", body: "A" }, { subject: "B", body: "B" }] }),
    );
    expect(untyped).toMatchObject({ code: "INVALID_CAMPAIGN", fields: { name: "Please fill this in.", testType: expect.any(String) as string } });
    expect(await errorOf(admin.mutation(api.campaigns.create, { name: "X", templateId, audience: newsletter, testType: "content" }))).toMatchObject({
      code: "INVALID_CAMPAIGN",
      fields: { testType: "Only an A/B test (2 or more versions) has a test type." },
    });
    const five = Array.from({ length: 5 }, (_, i) => ({ subject: `S${i}`, body: "B" }));
    expect(await errorOf(admin.mutation(api.campaigns.create, { name: "X", templateId, audience: newsletter, variants: five, testType: "subject" }))).toMatchObject({
      fields: { variants: "An A/B test has 2 to 4 versions." },
    });
    await admin.mutation(api.emailTemplates.archive, { templateId, archived: true });
    expect(await errorOf(admin.mutation(api.campaigns.create, { name: "X", templateId, audience: newsletter }))).toMatchObject({ code: "TEMPLATE_ARCHIVED" });
    expect(await t.run((ctx) => ctx.db.query("emailCampaigns").collect())).toEqual([]);
  });
});

describe("sending", () => {
  it("refuses an empty audience or a missing link secret before anything changes", async () => {
    const { t, admin, templateId } = await setup();
    const id = await admin.mutation(api.campaigns.create, { name: "X", templateId, audience: newsletter });
    const before = await campaignOf(t, id);
    expect(await errorOf(admin.mutation(api.campaigns.send, { campaignId: id }))).toMatchObject({ code: "EMPTY_AUDIENCE", message: ERROR_MESSAGES.EMPTY_AUDIENCE });
    await addSubscribers(t, 1);
    vi.stubEnv("ACCOUNT_LINK_SECRET", "");
    expect(await errorOf(admin.mutation(api.campaigns.send, { campaignId: id }))).toMatchObject({ code: "UNSUBSCRIBE_LINKS_UNAVAILABLE" });
    expect(await errorOf(admin.mutation(api.campaigns.schedule, { campaignId: id, sendAt: Date.now() + 60_000 }))).toMatchObject({
      code: "UNSUBSCRIBE_LINKS_UNAVAILABLE",
    });
    expect(await campaignOf(t, id)).toEqual(before);
    expect(await outbox(t)).toEqual([]);
  });

  // Sixty e-mails through the whole local lifecycle, one scheduled step at a time: more than the default 5 s.
  it("queues the audience in batches, skipping suppressed addresses, and follows delivery into the counts", async () => {
    const { t, admin, templateId } = await setup();
    await addSubscribers(t, CAMPAIGN_BATCH_SIZE + 10);
    await t.run((ctx) => ctx.db.insert("emailSuppressions", { email: "reader3@example.com", reason: "unsubscribed", at: Date.now() }));
    const id = await admin.mutation(api.campaigns.create, {
      name: "Weekly",
      templateId,
      audience: newsletter,
      variants: [
        { subject: "Hello {{firstName}}", body: BODY },
        { subject: "News for {{firstName}}", body: BODY },
      ],
      testType: "subject",
    });
    await admin.mutation(api.campaigns.send, { campaignId: id });
    expect(await campaignOf(t, id)).toMatchObject({ status: "sending", startedAt: Date.now() });
    // The first batch alone.
    await t.finishInProgressScheduledFunctions();
    vi.advanceTimersByTime(0);
    await t.finishInProgressScheduledFunctions();
    expect((await campaignOf(t, id))!.recipientCount).toBeLessThanOrEqual(CAMPAIGN_BATCH_SIZE);
    await runScheduled(t);

    const campaign = (await campaignOf(t, id))!;
    expect(campaign).toMatchObject({ status: "sent", recipientCount: CAMPAIGN_BATCH_SIZE + 9, cursor: null });
    expect(campaign.sentAt).toBeGreaterThanOrEqual(campaign.startedAt!);
    const recipients = await recipientsOf(t, id);
    expect(recipients.map((r) => r.email)).not.toContain("reader3@example.com");
    expect(new Set(recipients.map((r) => r.token)).size).toBe(recipients.length);
    // An even split: the two versions differ by at most one recipient.
    const inA = recipients.filter((r) => r.variant === 0).length;
    expect(Math.abs(inA - (recipients.length - inA))).toBeLessThanOrEqual(1);
    expect(recipients.every((r) => r.sentAt !== undefined && r.deliveredAt !== undefined && r.lastEvent === "delivered")).toBe(true);

    const rows = await outbox(t);
    expect(rows).toHaveLength(CAMPAIGN_BATCH_SIZE + 9);
    const first = recipients.find((r) => r.email === "reader0@example.com")!;
    const row = rows.find((r) => r.campaignRecipientId === first._id)!;
    expect(row).toMatchObject({ to: "reader0@example.com", template: "campaign", status: "delivered", idempotencyKey: `campaign:${id}:reader0@example.com` });
    expect(row.subject).toBe(first.variant === 0 ? "Hello Reader" : "News for Reader");
    const click = (link: string) => `${API_SITE}/email/click/${first.token}?u=${encodeURIComponent(link)}`;
    expect(row.text).toContain(`Hi Reader,\n\nThis week on the blog: ${click(`${SITE}/blog`)}\nPricing: ${click(`${SITE}/pricing`)}.`);
    expect(row.text).toMatch(new RegExp(`Unsubscribe: ${SITE}/unsubscribe\\?token=[\\w.-]+\\n$`));
    expect(row.html).toContain(`href="${API_SITE}/email/click/${first.token}?u=${encodeURIComponent(`${SITE}/blog`)}"`);
    expect(row.html).toContain(`<img src="${API_SITE}/email/open/${first.token}"`);
    expect(row.html).toContain(`${SITE}/unsubscribe?token=`);

    const details = (await admin.query(api.campaigns.get, { campaignId: id }))!;
    expect(details.stats).toEqual({ sent: 59, delivered: 59, opened: 0, clicked: 0, bounced: 0, complained: 0, openRate: 0, clickRate: 0 });
    expect(details.variants.map((v) => v.sent)).toEqual([inA, recipients.length - inA]);
    expect(details.abTest).toEqual({ isSignificant: false, pValue: null });
    expect(details.templateName).toBe("Weekly");
    expect(details.timeline).toMatchObject({ granularity: "hour" });
    expect(details.timeline!.points.reduce((sum, p) => sum + p.sent, 0)).toBe(59);
  }, 30_000);

  it("personalises member e-mails and sends only to active members of the tier, once per address", async () => {
    const { t, admin, templateId } = await setup();
    const maya = await signedIn(t, "client", { tier: "clarity", firstName: "Maya", lastName: "Ortiz", email: "maya@example.com" });
    await signedIn(t, "client", { tier: "clarity", status: "deactivated", email: "gone@example.com" });
    await signedIn(t, "client", { tier: "control", email: "other@example.com" });
    const id = await admin.mutation(api.campaigns.create, {
      name: "Members",
      templateId,
      audience: { kind: "tier", tier: "clarity" },
      variants: [{ subject: "For {{fullName}}", body: "Your {{tier}} plan, {{email}}. Bye: {{unsubscribeUrl}}" }],
    });
    expect(await admin.query(api.campaigns.audienceSize, { audience: { kind: "tier", tier: "clarity" } })).toEqual({ count: 1, capped: false });
    await admin.mutation(api.campaigns.send, { campaignId: id });
    await runScheduled(t);
    const [recipient] = await recipientsOf(t, id);
    expect(recipient).toMatchObject({ email: "maya@example.com", userId: maya.id });
    const [row] = await outbox(t);
    expect(row!.subject).toBe("For Maya Ortiz");
    expect(row!.text).toMatch(new RegExp(`^Your Clarity plan, maya@example\\.com\\. Bye: ${SITE}/unsubscribe\\?token=`));
    // Sending again is refused; the same address is never queued twice for a campaign.
    expect(await errorOf(admin.mutation(api.campaigns.send, { campaignId: id }))).toMatchObject({ code: "CAMPAIGN_ALREADY_STARTED" });
    await t.mutation(internal.campaigns.sendBatch, { campaignId: id });
    expect(await outbox(t)).toHaveLength(1);
  });

  it("sends newsletters only to readers who confirmed their sign-up", async () => {
    const { t, admin, templateId } = await setup();
    await t.run(async (ctx) => {
      const row = { name: "Pending Reader", createdAt: Date.now(), source: "form" };
      await ctx.db.insert("newsletterSubscribers", { ...row, email: "pending@example.com", tokenHash: "f".repeat(64), expiresAt: Date.now() + 60_000 });
      // Signed up before sign-ups were confirmed: nobody knows whether the address asked for it.
      await ctx.db.insert("newsletterSubscribers", { ...row, email: "unconfirmed@example.com" });
    });
    const id = await admin.mutation(api.campaigns.create, { name: "X", templateId, audience: newsletter });
    expect(await errorOf(admin.mutation(api.campaigns.send, { campaignId: id }))).toMatchObject({ code: "EMPTY_AUDIENCE" });
    await addSubscribers(t, 2);
    expect(await admin.query(api.campaigns.audienceSize, { audience: newsletter })).toEqual({ count: 2, capped: false });
    await admin.mutation(api.campaigns.send, { campaignId: id });
    await runScheduled(t);
    expect((await recipientsOf(t, id)).map((r) => r.email).sort()).toEqual(["reader0@example.com", "reader1@example.com"]);
  });

  it("stops before the next batch when cancelled", async () => {
    const { t, admin, templateId } = await setup();
    await addSubscribers(t, CAMPAIGN_BATCH_SIZE + 5);
    const id = await admin.mutation(api.campaigns.create, { name: "X", templateId, audience: newsletter });
    await admin.mutation(api.campaigns.send, { campaignId: id });
    await t.mutation(internal.campaigns.sendBatch, { campaignId: id });
    await admin.mutation(api.campaigns.cancel, { campaignId: id });
    await runScheduled(t);
    expect(await campaignOf(t, id)).toMatchObject({ status: "cancelled", recipientCount: CAMPAIGN_BATCH_SIZE });
    expect(await recipientsOf(t, id)).toHaveLength(CAMPAIGN_BATCH_SIZE);
    expect(await errorOf(admin.mutation(api.campaigns.cancel, { campaignId: id }))).toMatchObject({ code: "CAMPAIGN_NOT_CANCELLABLE" });
  }, 30_000);
});

describe("scheduling", () => {
  it("refuses a time in the past, moves a rescheduled send, and sends at the time", async () => {
    const { t, admin, templateId } = await setup();
    await addSubscribers(t, 2);
    const id = await admin.mutation(api.campaigns.create, { name: "Later", templateId, audience: newsletter });
    expect(await errorOf(admin.mutation(api.campaigns.schedule, { campaignId: id, sendAt: Date.now() - 1 }))).toMatchObject({
      code: "SEND_TIME_IN_PAST",
      message: "That time has already passed. Please pick a time in the future.",
    });
    expect((await campaignOf(t, id))!.status).toBe("draft");
    await admin.mutation(api.campaigns.schedule, { campaignId: id, sendAt: Date.now() + 60 * 60_000 });
    const firstJob = (await campaignOf(t, id))!.scheduledJobId!;
    const sendAt = Date.now() + 2 * 60 * 60_000;
    await admin.mutation(api.campaigns.schedule, { campaignId: id, sendAt });
    const scheduled = (await campaignOf(t, id))!;
    expect(scheduled).toMatchObject({ status: "scheduled", scheduledFor: sendAt });
    expect(await t.run((ctx) => ctx.db.system.get("_scheduled_functions", firstJob))).toMatchObject({ state: { kind: "canceled" } });
    await vi.advanceTimersByTimeAsync(90 * 60_000);
    await t.finishInProgressScheduledFunctions();
    expect((await campaignOf(t, id))!.status).toBe("scheduled");
    await runScheduled(t);
    expect(await campaignOf(t, id)).toMatchObject({ status: "sent", recipientCount: 2, startedAt: sendAt });
  });

  it("goes back to draft when a scheduled send is cancelled, and fails with the reason when the audience emptied", async () => {
    const { t, admin, templateId } = await setup();
    await addSubscribers(t, 1);
    const id = await admin.mutation(api.campaigns.create, { name: "Later", templateId, audience: newsletter });
    await admin.mutation(api.campaigns.schedule, { campaignId: id, sendAt: Date.now() + 60_000 });
    const job = (await campaignOf(t, id))!.scheduledJobId!;
    await admin.mutation(api.campaigns.cancel, { campaignId: id });
    const draft = (await campaignOf(t, id))!;
    expect(draft.status).toBe("draft");
    expect(draft.scheduledJobId).toBeUndefined();
    expect(await t.run((ctx) => ctx.db.system.get("_scheduled_functions", job))).toMatchObject({ state: { kind: "canceled" } });

    await admin.mutation(api.campaigns.schedule, { campaignId: id, sendAt: Date.now() + 60_000 });
    await t.run(async (ctx) => {
      for (const row of await ctx.db.query("newsletterSubscribers").collect()) await ctx.db.delete("newsletterSubscribers", row._id);
    });
    await runScheduled(t);
    expect(await campaignOf(t, id)).toMatchObject({ status: "failed", error: ERROR_MESSAGES.EMPTY_AUDIENCE });
  });
});

/** Sends a campaign to `count` subscribers and lets every e-mail be delivered. */
async function sentCampaign(t: T, admin: Accessor, templateId: Id<"emailTemplates">, count: number, ab?: "subject" | "content") {
  await addSubscribers(t, count);
  const variants = ab
    ? [
        { subject: "Hello {{firstName}}", body: BODY },
        { subject: "News for {{firstName}}", body: BODY },
      ]
    : undefined;
  const id = await admin.mutation(api.campaigns.create, { name: "Sent", templateId, audience: newsletter, ...(variants ? { variants, testType: ab } : {}) });
  await admin.mutation(api.campaigns.send, { campaignId: id });
  await runScheduled(t);
  return { id, recipients: await recipientsOf(t, id) };
}

describe("tracking", () => {
  it("serves the pixel and counts an open once; unknown tokens are 404", async () => {
    const { t, admin, templateId } = await setup();
    const { id, recipients } = await sentCampaign(t, admin, templateId, 1);
    const token = recipients[0]!.token;
    const before = await eventCount(t);
    const pixel = await t.fetch(`/email/open/${token}`);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get("content-type")).toBe("image/gif");
    expect(pixel.headers.get("cache-control")).toContain("no-store");
    expect(new Uint8Array(await pixel.arrayBuffer()).slice(0, 6)).toEqual(new TextEncoder().encode("GIF89a"));
    await t.fetch(`/email/open/${token}`);
    expect(await eventCount(t)).toBe(before + 1);
    await foldEmailCounts(t);
    expect((await admin.query(api.campaigns.get, { campaignId: id }))!.stats).toMatchObject({ opened: 1, openRate: 100 });
    expect((await t.fetch("/email/open/not-a-token")).status).toBe(404);
  });

  it("redirects only to the campaign's own links, counting the click (and the open) once", async () => {
    const { t, admin, templateId } = await setup();
    const { id, recipients } = await sentCampaign(t, admin, templateId, 2);
    const token = recipients[0]!.token;
    const before = await eventCount(t);
    const evil = await t.fetch(`/email/click/${token}?u=${encodeURIComponent("https://evil.example/")}`);
    expect([evil.status, evil.headers.get("location"), await evil.text()]).toEqual([400, null, "This link can't be followed."]);
    const missing = await t.fetch(`/email/click/${token}`);
    expect(missing.status).toBe(400);
    expect(await eventCount(t)).toBe(before);

    const click = await t.fetch(`/email/click/${token}?u=${encodeURIComponent(`${SITE}/pricing`)}`);
    expect([click.status, click.headers.get("location")]).toEqual([302, `${SITE}/pricing`]);
    await t.fetch(`/email/click/${token}?u=${encodeURIComponent(`${SITE}/blog`)}`);
    expect(await eventCount(t)).toBe(before + 2);
    await foldEmailCounts(t);
    expect((await admin.query(api.campaigns.get, { campaignId: id }))!.stats).toMatchObject({ opened: 1, clicked: 1, openRate: 50, clickRate: 50 });
    expect((await t.fetch(`/email/click/unknown?u=${encodeURIComponent(`${SITE}/pricing`)}`)).status).toBe(404);
  });

  it("counts a bounce reported by the provider once and suppresses the address", async () => {
    const { t, admin, templateId } = await setup();
    const { id, recipients } = await sentCampaign(t, admin, templateId, 1);
    const [row] = await outbox(t);
    const bounce = {
      type: "email.bounced" as const,
      created_at: "2026-03-02T10:00:05.000Z",
      data: {
        created_at: "2026-03-02T10:00:00.000Z",
        email_id: row!.providerId!,
        from: "LWCC <hello@lwcc.example>",
        to: [recipients[0]!.email],
        subject: row!.subject,
        bounce: { message: "The recipient's mailbox does not exist.", subType: "General", type: "Permanent" },
      },
    };
    await t.mutation(internal.email.recordEvent, { eventId: "msg_b1", event: bounce });
    await t.mutation(internal.email.recordEvent, { eventId: "msg_b2", event: bounce });
    await foldEmailCounts(t);
    expect((await admin.query(api.campaigns.get, { campaignId: id }))!.stats).toMatchObject({ bounced: 1 });
    expect(await t.run((ctx) => ctx.db.query("emailSuppressions").collect())).toMatchObject([{ email: recipients[0]!.email, reason: "bounced", campaignId: id }]);
  });
});

describe("unsubscribe", () => {
  it("suppresses the signed address once, and a later campaign skips it", async () => {
    const { t, admin, templateId } = await setup();
    const { id } = await sentCampaign(t, admin, templateId, 2);
    const token = await signUnsubscribeToken(SECRET, { email: "reader0@example.com", campaignId: id }, Date.now());
    expect(await t.mutation(api.campaigns.unsubscribe, { token })).toEqual({ email: "reader0@example.com", alreadyUnsubscribed: false });
    expect(await t.mutation(api.campaigns.unsubscribe, { token })).toEqual({ email: "reader0@example.com", alreadyUnsubscribed: true });
    expect(await t.run((ctx) => ctx.db.query("emailSuppressions").collect())).toMatchObject([{ email: "reader0@example.com", reason: "unsubscribed", campaignId: id }]);
    // Nothing is deleted: the subscriber stays, and only campaigns skip the address.
    expect(await t.run((ctx) => ctx.db.query("newsletterSubscribers").collect())).toHaveLength(2);
    const next = await admin.mutation(api.campaigns.create, { name: "Next", templateId, audience: newsletter });
    await admin.mutation(api.campaigns.send, { campaignId: next });
    await runScheduled(t);
    expect((await recipientsOf(t, next)).map((r) => r.email)).toEqual(["reader1@example.com"]);
  });

  it("refuses forged, altered and malformed tokens and changes nothing", async () => {
    const { t } = await setup();
    const forged = await signUnsubscribeToken("somebody-elses-secret-of-at-least-32-chars", { email: "a@example.com", campaignId: "x" }, Date.now());
    const genuine = await signUnsubscribeToken(SECRET, { email: "a@example.com", campaignId: "x" }, Date.now());
    const [header, , signature] = genuine.split(".");
    const altered = `${header}.${btoa(JSON.stringify({ purpose: "unsubscribe", sub: "b@example.com", campaignId: "x" })).replace(/=+$/, "")}.${signature}`;
    for (const token of [forged, altered, "not-a-token", "", "a.b.c"]) {
      expect(await errorOf(t.mutation(api.campaigns.unsubscribe, { token }))).toMatchObject({ code: "UNSUBSCRIBE_LINK_INVALID" });
    }
    expect(await verifyUnsubscribeToken(SECRET, genuine)).toEqual({ email: "a@example.com", campaignId: "x" });
    expect(await t.run((ctx) => ctx.db.query("emailSuppressions").collect())).toEqual([]);
  });

  it("takes RFC 8058 one-click posts at the List-Unsubscribe address", async () => {
    const { t } = await setup();
    const token = await signUnsubscribeToken(SECRET, { email: "a@example.com", campaignId: "x" }, Date.now());
    const post = (value: string) =>
      t.fetch(`/email/unsubscribe?token=${encodeURIComponent(value)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    expect((await post("forged")).status).toBe(400);
    expect(await t.run((ctx) => ctx.db.query("emailSuppressions").collect())).toEqual([]);
    const done = await post(token);
    expect([done.status, await done.text()]).toEqual([200, "You are unsubscribed."]);
    // A campaign id that is not one is not kept.
    expect(await t.run((ctx) => ctx.db.query("emailSuppressions").collect())).toMatchObject([{ email: "a@example.com", reason: "unsubscribed" }]);
  });
});

describe("A/B tests", () => {
  it("ends a sent test with the leader and its lift, once", async () => {
    const { t, admin, templateId } = await setup();
    const { id, recipients } = await sentCampaign(t, admin, templateId, 20, "subject");
    const inA = recipients.filter((r) => r.variant === 0);
    const inB = recipients.filter((r) => r.variant === 1);
    expect([inA.length, inB.length]).toEqual([10, 10]);
    expect(await errorOf(admin.mutation(api.campaigns.endTest, { campaignId: id }))).toMatchObject({ code: "AB_TEST_NO_RESULT" });
    // A: 2 of 10 opened (20 %); B: 5 of 10 (50 %): B wins by 150 %.
    for (const r of [...inA.slice(0, 2), ...inB.slice(0, 5)]) await t.fetch(`/email/open/${r.token}`);
    await foldEmailCounts(t);
    const details = (await admin.query(api.campaigns.get, { campaignId: id }))!;
    expect(details.variants).toEqual([
      { label: "A", sent: 10, conversions: 2, rate: 20 },
      { label: "B", sent: 10, conversions: 5, rate: 50 },
    ]);
    // Under the minimum sample: no p-value yet, and nothing is called significant.
    expect(details.abTest).toEqual({ isSignificant: false, pValue: null });
    const result = await admin.mutation(api.campaigns.endTest, { campaignId: id });
    expect(result).toEqual({ winner: "B", improvement: 150, completedAt: Date.now() });
    expect((await campaignOf(t, id))!.abResult).toEqual(result);
    expect((await admin.query(api.campaigns.get, { campaignId: id }))!.abTest).toEqual({ isSignificant: false, pValue: null, winner: "B", improvement: 150 });
    expect(await errorOf(admin.mutation(api.campaigns.endTest, { campaignId: id }))).toMatchObject({ code: "AB_TEST_ENDED" });
  });

  it("refuses to end a campaign that is not a test or not finished", async () => {
    const { t, admin, templateId } = await setup();
    const { id } = await sentCampaign(t, admin, templateId, 1);
    expect(await errorOf(admin.mutation(api.campaigns.endTest, { campaignId: id }))).toMatchObject({ code: "NOT_AN_AB_TEST" });
    const draft = await admin.mutation(api.campaigns.create, {
      name: "Draft test",
      templateId,
      audience: newsletter,
      variants: [
        { subject: "A", body: "A" },
        { subject: "B", body: "B" },
      ],
      testType: "content",
    });
    expect(await errorOf(admin.mutation(api.campaigns.endTest, { campaignId: draft }))).toMatchObject({ code: "AB_TEST_NOT_FINISHED" });
    expect((await admin.query(api.campaigns.get, { campaignId: draft }))!.timeline).toBeNull();
  });
});

describe("reading", () => {
  it("lists newest first with counts, and answers null for a campaign that is gone", async () => {
    const { t, admin, templateId } = await setup();
    const { id: older } = await sentCampaign(t, admin, templateId, 2);
    vi.advanceTimersByTime(1000);
    const newer = await admin.mutation(api.campaigns.create, { name: "Newer", templateId, audience: newsletter });
    const { page } = await admin.query(api.campaigns.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(page.map((c) => [c._id, c.status, c.variantCount, c.stats.sent])).toEqual([
      [newer, "draft", 1, 0],
      [older, "sent", 1, 2],
    ]);
    expect(page[0]).not.toHaveProperty("variants");
    await t.run((ctx) => ctx.db.delete("emailCampaigns", newer));
    expect(await admin.query(api.campaigns.get, { campaignId: newer })).toBeNull();
  });

  it("counts an audience up to its cap", async () => {
    const { t, admin } = await setup();
    await addSubscribers(t, 3);
    expect(await admin.query(api.campaigns.audienceSize, { audience: newsletter })).toEqual({ count: 3, capped: false });
    expect(await admin.query(api.campaigns.audienceSize, { audience: { kind: "role", role: "coach" } })).toEqual({ count: 0, capped: false });
  });
});

describe("production (RESEND_API_KEY set)", () => {
  it("hands Resend the HTML part and the one-click unsubscribe headers", async () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_123");
    const bodies: unknown[] = [];
    server.use(
      http.post(RESEND_BATCH, async ({ request }) => {
        bodies.push(...((await request.clone().json()) as unknown[]));
      }),
    );
    const { t, admin, templateId } = await setup();
    const { recipients } = await sentCampaign(t, admin, templateId, 1);
    expect(bodies).toHaveLength(1);
    const sent = bodies[0] as { html: string; text: string; headers: Record<string, string> };
    expect(sent.html).toContain(`/email/open/${recipients[0]!.token}`);
    expect(sent.headers).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(new RegExp(`^<${API_SITE}/email/unsubscribe\\?token=[\\w.-]+>$`)) as string,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(recipients[0]!.sentAt).toBeDefined();
  });
});

describe("seed.demo", () => {
  it("adds three templates and one sent subject test with its counts, once", async () => {
    const t = newConvexTest();
    const admin = {
      tokenIdentifier: "local|admin",
      email: "admin@example.com",
      firstName: "Ada",
      lastName: "Admin",
      role: "admin" as const,
      userType: "admin",
      tier: "mastery" as const,
      forumMember: true,
      memberForDays: 800,
    };
    await seedDemo(t, [admin]);
    await seedDemo(t, [admin]);
    await foldEmailCounts(t);
    const as = t.withIdentity({ tokenIdentifier: "local|admin" });
    // Usage counts campaigns: the one sent test uses the newsletter template (its 6 e-mails are its stats).
    expect((await as.query(api.emailTemplates.list, {})).map((x) => [x.category, x.usage])).toEqual([
      ["newsletter", 1],
      ["announcement", 0],
      ["re-engagement", 0],
    ]);
    const { page } = await as.query(api.campaigns.list, { paginationOpts: { numItems: 10, cursor: null } });
    expect(page).toHaveLength(1);
    const details = (await as.query(api.campaigns.get, { campaignId: page[0]!._id }))!;
    expect(details.stats).toEqual({ sent: 6, delivered: 6, opened: 4, clicked: 2, bounced: 0, complained: 0, openRate: 66.7, clickRate: 33.3 });
    expect(details.variants).toEqual([
      { label: "A", sent: 3, conversions: 1, rate: 33.3 },
      { label: "B", sent: 3, conversions: 3, rate: 100 },
    ]);
  });
});
