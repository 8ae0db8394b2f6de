/**
 * The sooner-slot waitlist, end to end on the embedded backend with the real convex/ functions:
 * a member cancels a booking, and the first waiting member, whose page is open (a subscription to
 * waitlist:myOffers over the WebSocket), sees the freed time offered. Each sample is timed from the
 * cancellation's request to the offer's arrival; the waiting member then passes, so the next
 * cancellation offers the next time. Prints the rows as one line of JSON on stdout.
 */
import path from "node:path";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import type { Backend } from "../backend";
import { httpClient, wsClient } from "../test/helpers";
import { appWith } from "./app";
import { latencyRow, type Row } from "./stats";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const WARMUP = 5;
const SAMPLES = 60;
/** Hours the coach works each day, all booked by the canceller: 12 a day for 6 days is 72 slots, more than the samples need. */
const FIRST_HOUR = 9;
const LAST_HOUR = 21;
const DAYS = 6;
const TARGET_MS = 250;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function account(backend: Backend, name: string) {
  const { subject, tokenIdentifier } = await backend.identity.createAccount({
    email: `bench-${name}@example.com`,
    password: "bench-password-2026",
    firstName: name,
    lastName: "Bench",
    emailVerified: true,
  });
  return { tokenIdentifier, token: (await backend.identity.issueTokens(subject)).accessToken };
}

const { backend, close } = await appWith("waitlist", { benchPeople: path.join(import.meta.dirname, "waitlist/people.ts") });
const cleanups: (() => unknown)[] = [];
try {
  const [coach, canceller, waiter] = [await account(backend, "coach"), await account(backend, "canceller"), await account(backend, "waiter")];
  const seeded = await backend
    .engine()
    .run("mutation", "benchPeople:seed", { coach: coach.tokenIdentifier, canceller: canceller.tokenIdentifier, waiter: waiter.tokenIdentifier }, null, false);
  if (!seeded.ok) throw new Error(`Seeding the people failed: ${seeded.message}`);
  const { coachId, cancellerId, waiterId } = seeded.value as { coachId: Id<"users">; cancellerId: Id<"users">; waiterId: Id<"users"> };
  for (const userId of [cancellerId, waiterId]) {
    const credited = await backend.engine().run("mutation", "timeBalance:creditPurchase", { userId, minutes: DAYS * 24 * 60, note: "Bench" }, null, false);
    if (!credited.ok) throw new Error(`Crediting minutes failed: ${credited.message}`);
  }
  const as = (token: string) => {
    const client = httpClient(backend.url);
    client.setAuth(token);
    return client;
  };
  const [coachClient, cancellerClient, waiterClient] = [as(coach.token), as(canceller.token), as(waiter.token)];

  // The coach works FIRST_HOUR-LAST_HOUR on the next DAYS days, and one hour on the day the waiter is booked.
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const dayStart = (day: number) => today + day * DAY;
  const waiterDay = DAYS + 4;
  await coachClient.mutation(api.availability.save, {
    timezone: "UTC",
    weekly: [],
    exceptions: [
      ...Array.from({ length: DAYS }, (_, i) => ({ date: isoDay(dayStart(i + 1)), windows: [{ start: `${FIRST_HOUR}:00`.padStart(5, "0"), end: `${LAST_HOUR}:00` }] })),
      { date: isoDay(dayStart(waiterDay)), windows: [{ start: "10:00", end: "11:00" }] },
    ],
  });
  const booked: Id<"sessions">[] = [];
  for (let day = 1; day <= DAYS; day++)
    for (let hour = FIRST_HOUR; hour < LAST_HOUR; hour++)
      booked.push(await cancellerClient.mutation(api.bookings.book, { coachId, startsAt: dayStart(day) + hour * HOUR, durationMinutes: 60 }));
  const waiting = await waiterClient.mutation(api.bookings.book, { coachId, startsAt: dayStart(waiterDay) + 10 * HOUR, durationMinutes: 60 });
  await waiterClient.mutation(api.waitlist.join, {
    sessionId: waiting,
    window: { fromDay: isoDay(today), toDay: isoDay(dayStart(waiterDay - 1)), fromTime: "00:00", toTime: "23:30", weekdays: [0, 1, 2, 3, 4, 5, 6] },
  });

  // The waiting member's open page.
  const page = wsClient(backend.url);
  cleanups.push(() => page.close());
  page.setAuth(() => Promise.resolve(waiter.token));
  type Offers = { _id: string }[];
  let latest: Offers = [];
  const listeners = new Set<(offers: Offers) => void>();
  const unsubscribe = page.onUpdate(api.waitlist.myOffers, {}, (offers: Offers) => {
    latest = offers;
    for (const listener of listeners) listener(offers);
  });
  cleanups.push(unsubscribe);
  const nextOffer = (seen: ReadonlySet<string>) =>
    new Promise<{ offer: Offers[number]; at: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("No offer reached the waiting member within 10 s")), 10_000);
      const check = (offers: Offers) => {
        const offer = offers.find((candidate) => !seen.has(candidate._id));
        if (!offer) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve({ offer, at: performance.now() });
      };
      listeners.add(check);
      check(latest);
    });

  const seen = new Set<string>();
  const times: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const arrival = nextOffer(seen);
    const start = performance.now();
    await cancellerClient.mutation(api.bookings.cancel, { sessionId: booked[i]! });
    const { offer, at } = await arrival;
    if (i >= WARMUP) times.push(at - start);
    seen.add(offer._id);
    await waiterClient.mutation(api.waitlist.decline, { offerId: offer._id as Id<"waitlistOffers"> });
  }
  const rows: Row[] = [latencyRow("cancellation → first waiting member's open page shows the offer", times, { p95Target: TARGET_MS, digits: 1 })];
  console.log(JSON.stringify(rows));
} catch (error) {
  // The backend's process guards take unhandled rejections, so a failure is reported here.
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await close();
}
