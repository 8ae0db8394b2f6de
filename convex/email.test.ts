import type { EmailEvent } from "@convex-dev/resend";
import { http } from "msw";
import { Webhook } from "svix";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "../tests/mocks/server";
import { RESEND_BATCH, RESEND_EMAILS, rateLimited, resendError } from "../tests/mocks/resend";
import { components, internal } from "./_generated/api";
import { queueEmail } from "./email";
import { outboxByStatus } from "./model/emailAggregates";
import { newConvexTest } from "./test.setup";

type T = ReturnType<typeof newConvexTest>;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const message = (to: string, subject = "Your session starts in 1 hour") => ({ to, subject, text: "Coaching session with Cora Reyes.", template: "session_reminder" });

const queue = (t: T, to: string, idempotencyKey?: string) =>
  t.run((ctx) => queueEmail(ctx, message(to), idempotencyKey === undefined ? {} : { idempotencyKey }));

const outbox = (t: T) => t.run((ctx) => ctx.db.query("emailOutbox").withIndex("by_created").collect());
const webhookEvents = (t: T) => t.run((ctx) => ctx.db.query("webhookEvents").collect());

/**
 * Runs every scheduled function, one timer at a time so each sees the last one's writes (as on a
 * deployment): the component's batch worker and workpool with its retries, syncs, local events.
 */
const settle = (t: T) => t.finishAllScheduledFunctions(() => vi.advanceTimersToNextTimer(), 5_000);

describe("the embedded default (no RESEND_API_KEY)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("delivers locally through the same handler and lifecycle as Resend's webhook: queued, sent, delivered", async () => {
    const t = newConvexTest();
    const id = await queue(t, "maya@example.com");
    expect((await outbox(t))[0]).toMatchObject({ _id: id, status: "queued" });
    await t.finishInProgressScheduledFunctions();
    vi.advanceTimersByTime(0);
    await t.finishInProgressScheduledFunctions();
    const [sent] = await outbox(t);
    expect(sent).toMatchObject({ status: "sent", providerId: `local-${sent!.componentEmailId}` });
    await settle(t);
    const [delivered] = await outbox(t);
    expect(delivered).toMatchObject({ status: "delivered", providerId: sent!.providerId });
    expect(delivered!.error).toBeUndefined();
    // Each Resend-shaped event went through the webhook's de-duplication, once.
    expect((await webhookEvents(t)).map((e) => [e.provider, e.eventId])).toEqual([
      ["resend", `${sent!.providerId}/email.sent`],
      ["resend", `${sent!.providerId}/email.delivered`],
    ]);
    // The component holds the same state the outbox shows.
    const state = await t.run((ctx) => ctx.runQuery(components.resend.lib.getStatus, { emailId: sent!.componentEmailId! }));
    expect(state).toMatchObject({ status: "delivered", failed: false });
  });

  it("fails with a reason for an address that cannot receive mail", async () => {
    const t = newConvexTest();
    await queue(t, "nobody@example.invalid");
    await queue(t, "not-an-address");
    await settle(t);
    const [undeliverable, refused] = await outbox(t);
    expect(undeliverable).toMatchObject({
      status: "failed",
      error: "The domain of nobody@example.invalid does not exist: .invalid is reserved and never resolves (RFC 2606).",
    });
    expect(undeliverable!.providerId).toMatch(/^local-/);
    // Refused the way Resend answers 422: never accepted, so no id and no events.
    expect(refused).toMatchObject({ status: "failed", error: expect.stringContaining("Invalid `to` field") as string });
    expect(refused!.providerId).toBeUndefined();
    expect((await webhookEvents(t)).map((e) => e.eventId)).toEqual([`${undeliverable!.providerId}/email.sent`, `${undeliverable!.providerId}/email.failed`]);
  });

  it("queues the same logical e-mail once per idempotency key", async () => {
    const t = newConvexTest();
    const first = await queue(t, "maya@example.com", "session-reminder:s1:1:3600000");
    expect(await queue(t, "maya@example.com", "session-reminder:s1:1:3600000")).toBe(first);
    await queue(t, "maya@example.com", "session-reminder:s1:1:600000");
    await settle(t);
    expect((await outbox(t)).map((e) => e.status)).toEqual(["delivered", "delivered"]);
  });

  it("applies an event at most once per delivery id", async () => {
    const t = newConvexTest();
    await queue(t, "maya@example.com");
    await settle(t);
    const [row] = await outbox(t);
    const event = resendEvent("email.complained", row!.providerId!);
    expect(await t.mutation(internal.email.recordEvent, { eventId: "msg_1", event })).toBe("recorded");
    expect((await outbox(t))[0]).toMatchObject({ status: "complained", error: "The recipient marked it as spam." });
    expect(await t.mutation(internal.email.recordEvent, { eventId: "msg_1", event })).toBe("duplicate");
    expect(await webhookEvents(t)).toHaveLength(3);
  });
});

describe("outbox counts by status", () => {
  it("follow each e-mail as it is queued and moves; the backfill counts older rows, once", async () => {
    vi.useFakeTimers();
    const t = newConvexTest();
    const count = (status: string) => t.run((ctx) => outboxByStatus.count(ctx, { bounds: { prefix: [status] } }));
    await queue(t, "maya@example.com");
    expect(await count("queued")).toBe(1);
    await settle(t);
    expect([await count("queued"), await count("delivered")]).toEqual([0, 1]);
    // A row queued before the counts existed.
    await t.run((ctx) => ctx.db.insert("emailOutbox", { ...message("theo@example.com"), createdAt: Date.now(), status: "sent" }));
    expect(await count("sent")).toBe(0);
    await t.mutation(internal.email.backfillOutboxStats, {});
    await t.mutation(internal.email.backfillOutboxStats, {});
    expect([await count("queued"), await count("sent"), await count("delivered")]).toEqual([0, 1, 1]);
  });
});

const SECRET = `whsec_${btoa("a-resend-signing-secret-32-bytes")}`;

/** A Resend event in its documented shape (https://resend.com/docs/webhooks/event-types). */
function resendEvent<K extends EmailEvent["type"]>(type: K, emailId: string, extra: Record<string, unknown> = {}) {
  return {
    type,
    created_at: "2026-03-02T10:00:05.000Z",
    data: {
      created_at: "2026-03-02T10:00:00.000Z",
      email_id: emailId,
      from: "LWCC <hello@lwcc.example>",
      to: ["maya@example.com"],
      subject: "Your session starts in 1 hour",
      message_id: "<0102019a-1b2c-7d3e@email.amazonses.com>",
      tags: { category: "session_reminder" },
      ...extra,
    },
  };
}

/** One signed delivery, as Resend (through Svix) posts it. */
function delivery(id: string, payload: unknown, options: { secret?: string; at?: Date; body?: string } = {}) {
  const body = options.body ?? JSON.stringify(payload);
  const at = options.at ?? new Date();
  return {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(Math.floor(at.getTime() / 1000)),
      "svix-signature": new Webhook(options.secret ?? SECRET).sign(id, at, body),
    },
    body,
  };
}

describe("production (RESEND_API_KEY set)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubEnv("RESEND_API_KEY", "re_test_123");
    vi.stubEnv("RESEND_FROM_EMAIL", "LWCC <hello@lwcc.example>");
    vi.stubEnv("RESEND_WEBHOOK_SECRET", SECRET);
  });

  /** Queues one e-mail and lets the component send it; returns its outbox row. */
  async function sent(t: T, to = "maya@example.com") {
    await queue(t, to);
    await settle(t);
    const row = (await outbox(t)).find((e) => e.to === to)!;
    expect(row).toMatchObject({ status: "sent" });
    return row;
  }

  it("sends through the component to Resend's batch endpoint and records Resend's id", async () => {
    const calls: { key: string | null; body: unknown }[] = [];
    server.use(
      http.post(RESEND_BATCH, async ({ request }) => {
        calls.push({ key: request.headers.get("idempotency-key"), body: await request.clone().json() });
      }),
    );
    const t = newConvexTest();
    await queue(t, "maya@example.com", "reminder-1");
    await queue(t, "maya@example.com", "reminder-1");
    await settle(t);
    const rows = await outbox(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "sent", idempotencyKey: "reminder-1" });
    expect(rows[0]!.providerId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(calls).toEqual([
      {
        key: rows[0]!.componentEmailId,
        body: [
          {
            from: "LWCC <hello@lwcc.example>",
            to: ["maya@example.com"],
            reply_to: [],
            subject: "Your session starts in 1 hour",
            text: "Coaching session with Cora Reyes.",
          },
        ],
      },
    ]);
  });

  it("records Resend's delivery events once each: delivered, opened, clicked", async () => {
    const t = newConvexTest();
    const row = await sent(t);
    const post = (id: string, type: EmailEvent["type"], extra?: Record<string, unknown>) => t.fetch("/resend-webhook", delivery(id, resendEvent(type, row.providerId!, extra)));
    expect((await post("msg_1", "email.sent")).status).toBe(200);
    expect((await post("msg_2", "email.delivered")).status).toBe(200);
    expect((await outbox(t))[0]).toMatchObject({ status: "delivered" });
    const open = { open: { ipAddress: "203.0.113.7", timestamp: "2026-03-02T10:05:00.000Z", userAgent: "Mozilla/5.0" } };
    expect((await post("msg_3", "email.opened", open)).status).toBe(200);
    expect((await outbox(t))[0]).toMatchObject({ status: "opened" });
    const click = { click: { ipAddress: "203.0.113.7", link: "https://lwcc.example/session/1", timestamp: "2026-03-02T10:06:00.000Z", userAgent: "Mozilla/5.0" } };
    expect((await post("msg_4", "email.clicked", click)).status).toBe(200);
    expect((await outbox(t))[0]).toMatchObject({ status: "clicked" });
    expect((await webhookEvents(t)).map((e) => e.eventId)).toEqual(["msg_1", "msg_2", "msg_3", "msg_4"]);
  });

  it("records bounces and complaints with their reason", async () => {
    const t = newConvexTest();
    const bounced = await sent(t, "gone@example.com");
    const complained = await sent(t, "annoyed@example.com");
    const bounce = { bounce: { message: "The recipient's mailbox does not exist.", subType: "General", type: "Permanent" } };
    expect((await t.fetch("/resend-webhook", delivery("msg_b", resendEvent("email.bounced", bounced.providerId!, bounce)))).status).toBe(200);
    await t.fetch("/resend-webhook", delivery("msg_d", resendEvent("email.delivered", complained.providerId!)));
    await t.fetch("/resend-webhook", delivery("msg_c", resendEvent("email.complained", complained.providerId!)));
    await t.fetch("/resend-webhook", delivery("msg_late", resendEvent("email.delivered", bounced.providerId!)));
    const rows = await outbox(t);
    expect(rows.map((e) => [e.to, e.status, e.error])).toEqual([
      ["gone@example.com", "bounced", "The recipient's mailbox does not exist."],
      ["annoyed@example.com", "complained", "The recipient marked it as spam."],
    ]);
  });

  it("refuses a replayed delivery and changes nothing", async () => {
    const t = newConvexTest();
    const row = await sent(t);
    const bounce = { bounce: { message: "Mailbox full", subType: "MailboxFull", type: "Transient" } };
    expect((await t.fetch("/resend-webhook", delivery("msg_1", resendEvent("email.delivered", row.providerId!)))).status).toBe(200);
    const before = { rows: await outbox(t), events: await webhookEvents(t) };
    // The same svix-id again, even re-signed now and carrying another event.
    const replay = await t.fetch("/resend-webhook", delivery("msg_1", resendEvent("email.bounced", row.providerId!, bounce)));
    expect([replay.status, await replay.text()]).toEqual([409, "Event already recorded"]);
    expect({ rows: await outbox(t), events: await webhookEvents(t) }).toEqual(before);
    const state = await t.run((ctx) => ctx.runQuery(components.resend.lib.getStatus, { emailId: row.componentEmailId! }));
    expect(state).toMatchObject({ status: "delivered", bounced: false });
  });

  it("refuses forged, stale and malformed deliveries and changes nothing", async () => {
    const t = newConvexTest();
    const row = await sent(t);
    const before = await outbox(t);
    const event = resendEvent("email.bounced", row.providerId!, { bounce: { message: "No", subType: "General", type: "Permanent" } });
    const forged = await t.fetch("/resend-webhook", delivery("msg_1", event, { secret: `whsec_${btoa("somebody-elses-secret-of-32-byte")}` }));
    expect([forged.status, await forged.text()]).toEqual([400, "Invalid webhook signature"]);
    const stale = await t.fetch("/resend-webhook", delivery("msg_2", event, { at: new Date(Date.now() - 10 * 60_000) }));
    expect(stale.status).toBe(400);
    const unsigned = await t.fetch("/resend-webhook", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    const tampered = delivery("msg_3", resendEvent("email.delivered", row.providerId!));
    expect((await t.fetch("/resend-webhook", { ...tampered, body: JSON.stringify(event) })).status).toBe(400);
    const notJson = await t.fetch("/resend-webhook", delivery("msg_4", null, { body: "{not json" }));
    expect([notJson.status, await notJson.text()]).toEqual([400, "Malformed event"]);
    const wrongShape = await t.fetch("/resend-webhook", delivery("msg_5", { type: "email.delivered", created_at: "2026-03-02T10:00:05.000Z", data: {} }));
    expect([wrongShape.status, await wrongShape.text()]).toEqual([400, "Malformed event"]);
    expect(await outbox(t)).toEqual(before);
    expect(await webhookEvents(t)).toEqual([]);
  });

  it("acknowledges Resend's other events without recording them, and answers 503 until configured", async () => {
    const t = newConvexTest();
    const contact = { type: "contact.created", created_at: "2026-03-02T10:00:00.000Z", data: { id: "e169aa45", email: "maya@example.com" } };
    expect((await t.fetch("/resend-webhook", delivery("msg_1", contact))).status).toBe(204);
    expect(await webhookEvents(t)).toEqual([]);
    vi.stubEnv("RESEND_WEBHOOK_SECRET", "");
    expect((await t.fetch("/resend-webhook", delivery("msg_2", contact))).status).toBe(503);
  });

  it("ends as failed with Resend's reason when Resend refuses the e-mail", async () => {
    server.use(
      http.post(RESEND_BATCH, () =>
        resendError(422, "validation_error", "Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format."),
      ),
    );
    const t = newConvexTest();
    await queue(t, "maya@example.com");
    await settle(t);
    const [row] = await outbox(t);
    expect(row).toMatchObject({ status: "failed", error: expect.stringContaining("422") as string });
    expect(row!.error).toContain("validation_error");
    expect(row!.providerId).toBeUndefined();
  });

  it("retries when Resend is rate limited, as the component does, and sends once", async () => {
    let attempts = 0;
    server.use(
      http.post(RESEND_BATCH, () => {
        attempts += 1;
        if (attempts <= 2) return rateLimited();
      }),
    );
    const t = newConvexTest();
    await queue(t, "maya@example.com");
    await settle(t);
    expect(attempts).toBe(3);
    expect((await outbox(t))[0]).toMatchObject({ status: "sent" });
  });

  it("gives up with the reason after the component's last retry", async () => {
    server.use(http.post(RESEND_BATCH, () => resendError(500, "application_error", "Something went wrong.")));
    const t = newConvexTest();
    await queue(t, "maya@example.com");
    await settle(t);
    const [row] = await outbox(t);
    expect(row).toMatchObject({ status: "failed", error: expect.stringContaining("application_error") as string });
  });

  describe("an e-mail with an attachment, which the component's batches cannot carry", () => {
    const invitation = "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nSUMMARY:Coaching session with Cora Reyes – 10:00\r\nEND:VCALENDAR\r\n";
    const queueWithFile = (t: T) =>
      t.run((ctx) =>
        queueEmail(
          ctx,
          { ...message("maya@example.com", "Booked: Coaching session"), attachments: [{ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content: invitation }] },
          { idempotencyKey: "booking-booked:s1:0" },
        ),
      );

    it("goes on its own to Resend's /emails with the file in base64, under its idempotency key, and Resend's id is recorded", async () => {
      const calls: { key: string | null; body: { attachments: { filename: string; content: string; content_type: string }[] } }[] = [];
      server.use(
        http.post(RESEND_EMAILS, async ({ request }) => {
          calls.push({ key: request.headers.get("idempotency-key"), body: (await request.clone().json()) as (typeof calls)[number]["body"] });
        }),
      );
      const t = newConvexTest();
      await queueWithFile(t);
      await settle(t);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.key).toBe("booking-booked:s1:0");
      const [file] = calls[0]!.body.attachments;
      expect(file).toMatchObject({ filename: "invite.ics", content_type: "text/calendar; charset=utf-8; method=REQUEST" });
      expect(new TextDecoder().decode(Uint8Array.from(atob(file!.content), (c) => c.charCodeAt(0)))).toBe(invitation);
      const [row] = await outbox(t);
      expect(row).toMatchObject({ status: "sent", attachments: [{ filename: "invite.ics", content: invitation }] });
      expect(row!.providerId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      // From there on it is tracked like any other: Resend's webhook moves it.
      expect((await t.fetch("/resend-webhook", delivery("msg_1", resendEvent("email.delivered", row!.providerId!)))).status).toBe(200);
      expect((await outbox(t))[0]).toMatchObject({ status: "delivered" });
    });

    it("is retried while Resend is rate limited, and sent once", async () => {
      let attempts = 0;
      server.use(
        http.post(RESEND_EMAILS, () => {
          attempts += 1;
          if (attempts <= 2) return rateLimited();
        }),
      );
      const t = newConvexTest();
      await queueWithFile(t);
      await settle(t);
      expect(attempts).toBe(3);
      expect((await outbox(t))[0]).toMatchObject({ status: "sent" });
    });

    it("ends as failed with Resend's reason when Resend refuses it", async () => {
      server.use(http.post(RESEND_EMAILS, () => resendError(422, "invalid_attachment", "Attachment must have either a `content` or `path`.")));
      const t = newConvexTest();
      await queueWithFile(t);
      await settle(t);
      expect((await outbox(t))[0]).toMatchObject({ status: "failed", error: "Attachment must have either a `content` or `path`." });
    });
  });
});
