/**
 * The e-mail system's health checks on the embedded backend, as the cron runs them: the host's
 * memory and disk come from a "use node" module (convex/emailHealthNode.ts), which runs here in
 * this Node.js process, and the scheduler check records itself once the backend's scheduler runs it.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type Backend } from "./backend";
import { eventually } from "./test/helpers";

const APP = path.resolve(import.meta.dirname, "../convex");

type Probe = { service: string; ok: boolean; responseTimeMs?: number; used?: number; total?: number };

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ functionsDir: APP, port: 0, sitePort: 0, log: () => {} });
}, 60_000);
afterAll(() => backend.close());

const probes = () => backend.engine().transaction(async (ctx) => (await ctx.db.query("healthProbes").collect()) as unknown as Probe[]);

describe("the e-mail health checks on the embedded backend", () => {
  it("measures the services, the host's memory and disk in Node.js, and the scheduler's lag", async () => {
    const outcome = await backend.engine().run("action", "emailHealth:probeAll", {}, null, false);
    expect(outcome).toEqual({ ok: true, value: null });
    const rows = await eventually(probes, (all) => all.some((row) => row.service === "scheduler"), 10_000);
    expect(rows.map((row) => [row.service, row.ok]).sort()).toEqual([
      ["database", true],
      ["disk", true],
      ["email", true],
      ["memory", true],
      ["scheduler", true],
    ]);
    const memory = rows.find((row) => row.service === "memory")!;
    expect(memory.used).toBeGreaterThan(0);
    expect(memory.total).toBeGreaterThan(memory.used!);
    const disk = rows.find((row) => row.service === "disk")!;
    expect(disk.total).toBeGreaterThanOrEqual(disk.used!);
    expect(rows.find((row) => row.service === "scheduler")!.responseTimeMs).toBeGreaterThanOrEqual(0);
  }, 30_000);
});
