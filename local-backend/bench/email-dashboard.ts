/**
 * The admin e-mail dashboard on the embedded backend, with the real convex/ functions and a data
 * dir on disk:
 * - `emailDashboard:overview` through a signed-in ConvexHttpClient, on an empty database (the
 *   floor) and as recorded e-mail events grow towards 1,000,000;
 * - an open event to the admin's screen: from the open pixel's GET /email/open/<token> (http
 *   actions port), or from a Resend-shaped "email.opened" webhook event applied by
 *   internal.email.recordEvent, until a ConvexClient (WebSocket) subscribed to the dashboard's six
 *   sections as the admin's page is receives a timeline that counts the open. The open waits for
 *   the fold (FOLD_DELAY_MS after the first waiting event), so that delay is part of the figure;
 * - 1,000 opens within 10 s while the dashboard is open: all answered, all stored, and when the
 *   last reached the screen.
 * The history is written by a bench-only module added to a copy of convex/ (nothing bench-only is
 * deployed), through the app's own helpers: every event by `insertEmailEvent`, waiting for the
 * app's scheduled fold to count it, every e-mail an `emailOutbox` row in `outboxByStatus`.
 * Seeding counts until the fold has caught up. It stops at 1,000,000 events or after
 * SEED_BUDGET_MS (EMAIL_BENCH_SEED_SECONDS, default 600), whichever comes first; the rows say
 * which size they were measured at, and a target is judged (met or not) only at 1,000,000. Prints
 * the rows as one line of JSON on stdout.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FunctionReturnType } from "convex/server";
import type { JSONValue } from "convex/values";
import { startBackend } from "../backend";
import { ReadSet } from "../engine/read-set";
import { httpClient, tempDir, wsClient } from "../test/helpers";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Inside the repo (ignored by git), so the copy's imports resolve against node_modules. */
const COPY = path.join(ROOT, ".bench/convex-email-dashboard");
const HISTORY = path.join(import.meta.dirname, "email-dashboard/history.ts");

const TARGET_EVENTS = 1_000_000;
/** Seeding stops here even short of TARGET_EVENTS (the brief's ~10 minutes on a 2-core machine). */
const SEED_BUDGET_MS = Number(process.env.EMAIL_BENCH_SEED_SECONDS ?? 600) * 1000;
const TEMPLATES = 20;
const CAMPAIGNS = 200;
const DAYS = 60;
/** Recipients per seeding mutation (about 2.5 events each); campaigns take turns, so a stop leaves them even. */
const RECIPIENTS_PER_BATCH = 40;
/** Sizes at which the overview is measured on the way, besides the floor and the final size. */
const CHECKPOINTS = [10_000, 30_000, 100_000, 300_000];

const QUERY_WARMUP = 10;
const QUERY_SAMPLES = 100;
const LIVE_WARMUP = 5;
const LIVE_SAMPLES = 50;
/** Each live sample uses a recipient that has not opened yet: two phases (floor, full), warmup and samples. */
const LIVE_RECIPIENTS = 2 * (LIVE_WARMUP + LIVE_SAMPLES);
/** Opens sent within BURST_MS, one every BURST_MS / BURST_OPENS, while the dashboard is open. */
const BURST_OPENS = 1_000;
const BURST_MS = 10_000;
const LIVE_TIMEOUT_MS = 30_000;
const SECTION_SAMPLES = 20;
/** The overview's sections (model/emailDashboardData.ts), as benchEmail:section names them. */
const SECTIONS = ["campaignPerformance", "templateAnalytics", "abTestingOverview", "systemHealth", "errorReporting", "timeline"];

type Row = { name: string; value: string; target?: string; met?: boolean };
type Timeline = FunctionReturnType<typeof api.emailDashboard.timeline>;
type Campaign = { id: Id<"emailCampaigns">; index: number; variants: number; startedAt: number };
type Outcome = { ok: true; value: unknown } | { ok: false; message?: string };

/** Where a long run is, on stderr (stdout carries only the rows). */
const progress = (step: string) => console.error(`email-dashboard bench ${new Date().toISOString()}: ${step}`);
const percentile = (sorted: number[], fraction: number) => sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const count = (value: number) => value.toLocaleString("en-US");
const opensIn = (timeline: Timeline) => timeline.value.reduce((total, day) => total + day.opened, 0);
/** The dashboard page's subscriptions (src/features/email-system/email-dashboard-page.tsx). */
const PAGE_SECTIONS = [
  api.emailDashboard.campaignPerformance,
  api.emailDashboard.templateAnalytics,
  api.emailDashboard.abTestingOverview,
  api.emailDashboard.systemHealth,
  api.emailDashboard.errorReporting,
] as const;

/** A query's reads, also counting every document read by id (ReadSet keeps each once). */
class CountingReadSet extends ReadSet {
  gets = 0;
  override record(op: string, argsJson: string, component: string) {
    if (op === "1.0/get") this.gets++;
    super.record(op, argsJson, component);
  }
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), value: `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.95))} (n=${sorted.length})` };
}

rmSync(COPY, { recursive: true, force: true });
cpSync(path.join(ROOT, "convex"), COPY, { recursive: true, filter: (source) => !source.endsWith(".test.ts") });
// The module imports the app as ../../../convex/...; in the copy it sits beside those modules.
writeFileSync(path.join(COPY, "benchEmail.ts"), readFileSync(HISTORY, "utf8").replaceAll('from "../../../convex/', 'from "./'));
const data = tempDir("lwcc-bench-email-dashboard-");
const backend = await startBackend({ functionsDir: COPY, dataDir: data.dir, port: 0, sitePort: 0, exposeIdentity: true, log: () => {} });
try {
  const engine = backend.engine();
  const must = async <T>(promise: Promise<Outcome>, what: string): Promise<T> => {
    const outcome = await promise;
    if (!outcome.ok) throw new Error(`${what} failed: ${outcome.message}`);
    return outcome.value as T;
  };
  const mutation = <T>(name: string, args: Record<string, JSONValue>) => must<T>(engine.run("mutation", `benchEmail:${name}`, args, null, false), name);
  const query = async <T>(name: string, args: Record<string, JSONValue>) =>
    must<T>(engine.runQuery(`benchEmail:${name}`, args, null, null, undefined, false).then(({ outcome }) => outcome), name);

  const { subject, tokenIdentifier } = await backend.identity.createAccount({
    email: "bench-admin@example.com",
    password: "bench-password-2026",
    firstName: "Bench",
    lastName: "Admin",
    emailVerified: true,
  });
  const adminId = await mutation<Id<"users">>("admin", { tokenIdentifier, now: Date.now() });
  const token = async () => (await backend.identity.issueTokens(subject)).accessToken;
  const client = httpClient(backend.url);

  const identity = { tokenIdentifier, subject, issuer: tokenIdentifier.slice(0, tokenIdentifier.lastIndexOf("|")) };

  /**
   * The overview as the admin's page asks for it, over HTTP, after a warmup; and what one run
   * reads, in the engine: documents by id (count rows, campaigns, templates), in all
   * and distinct, and index ranges.
   */
  async function overviewTimes() {
    client.setAuth(await token());
    for (let i = 0; i < QUERY_WARMUP; i++) await client.query(api.emailDashboard.overview, {});
    const samples: number[] = [];
    for (let i = 0; i < QUERY_SAMPLES; i++) {
      const start = performance.now();
      await client.query(api.emailDashboard.overview, {});
      samples.push(performance.now() - start);
    }
    const reads = new CountingReadSet();
    const { outcome } = await engine.runQuery("emailDashboard:overview", {}, identity, null, reads);
    if (!outcome.ok) throw new Error(`emailDashboard:overview failed: ${outcome.message}`);
    const times = summary(samples);
    return {
      ...times,
      value: `${times.value}; one run: ${count(reads.gets)} document reads (${count(reads.ids.size)} distinct), ${count(reads.ranges.length)} index ranges`,
    };
  }

  const rows: Row[] = [];
  progress("the overview on an empty database");
  const floor = await overviewTimes();
  rows.push({ name: "emailDashboard:overview, empty database (floor) p50 / p95", value: floor.value });

  // ------------------------------------------------ the live campaign, for open events
  const { campaignId, tokens } = await mutation<{ campaignId: Id<"emailCampaigns">; tokens: string[] }>("liveCampaign", {
    adminId,
    pixel: 0,
    webhook: LIVE_RECIPIENTS,
    now: Date.now(),
  });
  // The stand-in sends the queued e-mails and posts Resend's sent and delivered events about a second apart.
  let delivered: { providerId: string; to: string }[] | null = null;
  for (const deadline = Date.now() + LIVE_TIMEOUT_MS; !delivered; ) {
    if (Date.now() > deadline) throw new Error("The live campaign's e-mails were not delivered in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
    delivered = await query<typeof delivered>("delivered", { campaignId, count: LIVE_RECIPIENTS });
  }
  progress("the live campaign delivered");
  const pixels = [...tokens];
  // The open pixels' recipients, a batch per mutation so none nears a mutation's second on a busy machine.
  for (let from = 0; from < LIVE_RECIPIENTS + BURST_OPENS; from += 50) {
    pixels.push(...(await mutation<string[]>("livePixels", { campaignId, from, count: Math.min(50, LIVE_RECIPIENTS + BURST_OPENS - from), now: Date.now() })));
  }
  const webhooks = [...delivered];
  let webhookEvents = 0;

  const burstPixels = pixels.splice(LIVE_RECIPIENTS, BURST_OPENS);
  const openPixel = async () => {
    const response = await fetch(`${backend.siteUrl}/email/open/${pixels.shift()}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`The open pixel answered ${response.status}`);
  };
  const openedWebhook = async () => {
    const { providerId, to } = webhooks.shift()!;
    const at = new Date().toISOString();
    const event = {
      type: "email.opened",
      created_at: at,
      data: { created_at: at, email_id: providerId, from: "LWCC <hello@lwcc.example>", to: [to], subject: "Live from LWCC", open: { ipAddress: "203.0.113.7", timestamp: at, userAgent: "Bench" } },
    };
    const outcome = await must<string>(engine.run("mutation", "email:recordEvent", { eventId: `bench-open-${webhookEvents++}`, event }, null, false), "email:recordEvent");
    if (outcome !== "recorded") throw new Error(`email:recordEvent answered ${outcome}`);
  };

  /**
   * The admin's page: a WebSocket client subscribed to every section, calling `onTimeline` with
   * each new timeline. Returns the timeline once loaded and a function that closes it.
   */
  async function openDashboard(onTimeline: (timeline: Timeline) => void) {
    const live = wsClient(backend.url);
    live.setAuth(token);
    let latest: Timeline | undefined;
    const unsubscribes = [
      ...PAGE_SECTIONS.map((ref) => live.onUpdate(ref, {}, () => {}, (error) => console.error(error))),
      live.onUpdate(
        api.emailDashboard.timeline,
        {},
        (value) => {
          latest = value;
          onTimeline(value);
        },
        (error) => console.error(error),
      ),
    ];
    while (!latest) await new Promise((resolve) => setTimeout(resolve, 10));
    return {
      latest: () => latest!,
      close: async () => {
        for (const unsubscribe of unsubscribes) unsubscribe();
        await live.close();
      },
    };
  }

  /**
   * From just before `open` until the admin's page receives a timeline counting that open (one
   * more open): each sample one recipient's first open. Also how long the request itself took.
   */
  async function toScreen(open: () => Promise<void>) {
    let waiting: { opens: number; resolve: () => void } | undefined;
    const page = await openDashboard((value) => {
      if (waiting && opensIn(value) >= waiting.opens) waiting.resolve();
    });
    try {
      const samples: number[] = [];
      const answered: number[] = [];
      for (let i = 0; i < LIVE_WARMUP + LIVE_SAMPLES; i++) {
        const opens = opensIn(page.latest()) + 1;
        const seen = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`No update counting open ${opens} within ${LIVE_TIMEOUT_MS} ms`)), LIVE_TIMEOUT_MS);
          waiting = { opens, resolve: () => (clearTimeout(timer), resolve()) };
        });
        const start = performance.now();
        let answeredAt = 0;
        const done = open().then(() => (answeredAt = performance.now()));
        await seen;
        const elapsed = performance.now() - start;
        await done;
        waiting = undefined;
        if (i < LIVE_WARMUP) continue;
        samples.push(elapsed);
        answered.push(answeredAt - start);
      }
      const times = summary(samples);
      const request = summary(answered);
      return { ...times, request, value: `${times.value}; the request itself ${request.value}` };
    } finally {
      await page.close();
    }
  }

  /**
   * BURST_OPENS open pixels, one every BURST_MS / BURST_OPENS, with the admin's page open: how many
   * were answered 200, how many were stored (recipients with an open), the requests' p95, and how
   * long after the first the page's timeline counted them all.
   */
  async function burst() {
    let target = Number.POSITIVE_INFINITY;
    let seenAt = 0;
    const page = await openDashboard((value) => {
      if (seenAt === 0 && opensIn(value) >= target) seenAt = performance.now();
    });
    try {
      const storedBefore = await query<number>("liveOpens", { campaignId });
      target = opensIn(page.latest()) + BURST_OPENS;
      const start = performance.now();
      const answers = await Promise.all(
        burstPixels.map(async (pixel, index) => {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + (index * BURST_MS) / BURST_OPENS - performance.now())));
          const sent = performance.now();
          try {
            const response = await fetch(`${backend.siteUrl}/email/open/${pixel}`, { signal: AbortSignal.timeout(LIVE_TIMEOUT_MS) });
            await response.arrayBuffer();
            return { ok: response.status === 200, ms: performance.now() - sent };
          } catch {
            // Not answered within the timeout: refused, as far as the sender can tell.
            return { ok: false, ms: performance.now() - sent };
          }
        }),
      );
      const sentFor = performance.now() - start;
      for (const deadline = Date.now() + LIVE_TIMEOUT_MS; seenAt === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
      const stored = (await query<number>("liveOpens", { campaignId })) - storedBefore;
      const ok = answers.filter((answer) => answer.ok).length;
      return {
        ok,
        stored,
        met: ok === BURST_OPENS && stored === BURST_OPENS && sentFor <= BURST_MS + 1_000 && seenAt > 0,
        value: `${count(ok)} answered 200, ${count(BURST_OPENS - ok)} refused, ${count(stored)} stored, sent over ${(sentFor / 1000).toFixed(1)} s; requests ${summary(answers.map((answer) => answer.ms)).value}; all on the admin's screen ${seenAt > 0 ? `${((seenAt - start) / 1000).toFixed(2)} s after the first` : "not within the timeout"}`,
      };
    } finally {
      await page.close();
    }
  }

  /** Until the fold has counted every waiting event. */
  async function folded() {
    while (await query<boolean>("waiting", {})) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  await folded();
  progress("opens to the screen, no history");
  const liveFloor = { pixel: await toScreen(openPixel), webhook: await toScreen(openedWebhook) };

  // ------------------------------------------------ the history
  progress("seeding");
  const campaigns = await mutation<Campaign[]>("campaigns", { adminId, templates: TEMPLATES, campaigns: CAMPAIGNS, days: DAYS, now: Date.now() });
  const now = Date.now();
  const checkpoints: { events: number; times: ReturnType<typeof summary> }[] = [];
  let events = 0;
  let seedMs = 0;
  /** Events per second over the last batches (a moving average). */
  let lastRate = 0;
  let nextCheckpoint = 0;
  seeding: for (let round = 0; ; round++) {
    for (const campaign of campaigns) {
      const start = performance.now();
      const written = await mutation<number>("recipients", { campaign, from: round * RECIPIENTS_PER_BATCH, count: RECIPIENTS_PER_BATCH, now });
      const elapsed = performance.now() - start;
      events += written;
      seedMs += elapsed;
      lastRate = lastRate === 0 ? written / (elapsed / 1000) : 0.9 * lastRate + 0.1 * (written / (elapsed / 1000));
      if (events >= TARGET_EVENTS || seedMs >= SEED_BUDGET_MS) break seeding;
      if (nextCheckpoint < CHECKPOINTS.length && events >= CHECKPOINTS[nextCheckpoint]!) {
        const drain = performance.now();
        await folded();
        seedMs += performance.now() - drain;
        checkpoints.push({ events, times: await overviewTimes() });
        nextCheckpoint++;
      }
    }
  }
  progress("waiting for the last fold");
  const drain = performance.now();
  await folded();
  const drainMs = performance.now() - drain;
  seedMs += drainMs;
  const full = events >= TARGET_EVENTS;
  const size = `${count(events)} events${full ? "" : ` (of ${count(TARGET_EVENTS)}: seeding stopped at ${SEED_BUDGET_MS / 1000} s)`}`;
  progress("the overview at the final size");
  const at = await overviewTimes();
  progress("opens to the screen at the final size");
  const live = { pixel: await toScreen(openPixel), webhook: await toScreen(openedWebhook) };
  progress(`${count(BURST_OPENS)} opens in ${BURST_MS / 1000} s`);
  const opensBurst = await burst();
  const heapMiB = Math.round(process.memoryUsage().heapUsed / 2 ** 20);

  // Each section alone, in the engine (no HTTP, no auth): where the overview's time goes.
  const sections: string[] = [];
  for (const name of SECTIONS) {
    await query("section", { name });
    const samples: number[] = [];
    for (let i = 0; i < SECTION_SAMPLES; i++) {
      const start = performance.now();
      await query("section", { name });
      samples.push(performance.now() - start);
    }
    sections.push(`${name} ${ms(summary(samples).p50)}`);
  }

  client.setAuth(await token());
  const overview = await client.query(api.emailDashboard.overview, {});
  if (overview.campaignPerformance.totalSent === 0 || overview.templateAnalytics.mostUsedTemplates.length === 0) {
    throw new Error(`The overview does not count the seeded history: ${JSON.stringify(overview.campaignPerformance)}`);
  }

  const seedRate = events / (seedMs / 1000);
  rows.push(
    ...checkpoints.map(({ events: n, times }) => ({ name: `emailDashboard:overview, ${count(n)} events p50 / p95`, value: times.value })),
    {
      name: `emailDashboard:overview, ${size} p50 / p95`,
      value: at.value,
      target: `p95 <= 50 ms at ${count(TARGET_EVENTS)} events`,
      ...(full ? { met: at.p95 <= 50 } : {}),
    },
    { name: `overview's sections alone, ${count(events)} events, p50 (engine)`, value: sections.join(", ") },
    {
      name: `seeding ${count(events)} events through insertEmailEvent, counted by the fold (${CAMPAIGNS} campaigns, ${TEMPLATES} templates, ${DAYS} days)`,
      value: `${(seedMs / 1000).toFixed(0)} s (${(drainMs / 1000).toFixed(1)} s of it waiting for the last fold), ${count(Math.round(seedRate))} events/s, ${count(Math.round(lastRate))} events/s written at the end (each e-mail its recipient, outbox row and outboxByStatus insert)`,
      target: ">= 2,000 events/s",
      ...(full ? { met: seedRate >= 2_000 } : {}),
    },
    { name: "open pixel -> admin's screen, no history (floor) p50 / p95", value: liveFloor.pixel.value },
    {
      name: `open pixel -> admin's screen (through the fold), ${count(events)} events p50 / p95`,
      value: live.pixel.value,
      target: `p95 <= 250 ms at ${count(TARGET_EVENTS)} events`,
      ...(full ? { met: live.pixel.p95 <= 250 } : {}),
    },
    {
      name: `open pixel request itself, ${count(events)} events p50 / p95`,
      value: live.pixel.request.value,
      target: `p95 <= 20 ms at ${count(TARGET_EVENTS)} events`,
      ...(full ? { met: live.pixel.request.p95 <= 20 } : {}),
    },
    { name: "webhook event -> admin's screen, no history (floor) p50 / p95", value: liveFloor.webhook.value },
    {
      name: `webhook event -> admin's screen (through the fold), ${count(events)} events p50 / p95`,
      value: live.webhook.value,
      target: `p95 <= 250 ms at ${count(TARGET_EVENTS)} events`,
      ...(full ? { met: live.webhook.p95 <= 250 } : {}),
    },
    {
      name: `webhook event applied itself, ${count(events)} events p50 / p95`,
      value: live.webhook.request.value,
      target: `p95 <= 20 ms at ${count(TARGET_EVENTS)} events`,
      ...(full ? { met: live.webhook.request.p95 <= 20 } : {}),
    },
    {
      name: `${count(BURST_OPENS)} opens within ${BURST_MS / 1000} s, dashboard open, ${count(events)} events`,
      value: opensBurst.value,
      target: "all stored, none refused",
      met: opensBurst.met,
    },
    {
      name: `backend heap, ${count(events)} events`,
      value: `${count(heapMiB)} MiB`,
      target: `<= 3 GiB at ${count(TARGET_EVENTS)} events`,
      ...(full ? { met: heapMiB <= 3 * 1024 } : {}),
    },
  );
  console.log(JSON.stringify(rows));
} finally {
  await backend.close();
  data.remove();
  rmSync(COPY, { recursive: true, force: true });
}
