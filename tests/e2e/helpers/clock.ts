/**
 * The embedded backend's test clock (local-backend/test-clock.ts), on in the Playwright server:
 * moves the backend's time forward so a journey can reach a session's start without waiting, and runs a
 * cron job when a journey needs its next run.
 */
const backendUrl = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4317) + 1}`;

export async function advanceBackendClock(ms: number): Promise<number> {
  const response = await fetch(`${backendUrl()}/_test/clock`, { method: "POST", body: JSON.stringify({ advanceMs: Math.round(ms) }) });
  if (!response.ok) throw new Error(`The test clock answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { now: number }).now;
}

/** Runs one cron job of convex/crons.ts now, as its schedule would, and resolves once it has finished. */
export async function runCronJob(job: string): Promise<void> {
  const response = await fetch(`${backendUrl()}/_test/cron`, { method: "POST", body: JSON.stringify({ job }) });
  if (!response.ok) throw new Error(`The cron runner answered ${response.status}: ${await response.text()}`);
}

/** The backend's now (the test clock's). */
export async function backendNow(): Promise<number> {
  const response = await fetch(`${backendUrl()}/_test/clock`);
  return ((await response.json()) as { now: number }).now;
}
