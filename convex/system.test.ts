import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./_generated/api";
import { newConvexTest } from "./test.setup";

describe("system.health", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("reports ok and the embedded defaults when no service keys are set", async () => {
    const t = newConvexTest();
    expect(await t.query(api.system.health, {})).toEqual({
      status: "ok",
      adapters: { identity: "local", payments: "local-gateway", email: "outbox", extraction: "rules" },
      checks: {
        scheduler: { pending: 0, oldestPendingDueAt: null },
        crons: { status: "ok", failing: [] },
        extraction: { status: "ok", queued: 0 },
        email: { status: "ok", queued: 0 },
        errors: { status: "ok", lastHour: 0 },
      },
    });
  });

  it("reports the real services once their keys are configured", async () => {
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_123");
    vi.stubEnv("OPENAI_API_KEY", "sk-proj-123");
    const t = newConvexTest();
    const { adapters } = await t.query(api.system.health, {});
    expect(adapters).toEqual({ identity: "local", payments: "stripe", email: "outbox", extraction: "openai" });
  });
});
