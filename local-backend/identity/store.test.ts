import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cleanupsAfterEach } from "../test/helpers";
import type { PasswordHash } from "./passwords";
import { IdentityStore, type Account } from "./store";

const cleanups = cleanupsAfterEach();

const dataDir = () => cleanups.dataDir("lwcc-identity-store-");

const password: PasswordHash = { scheme: "scrypt", N: 16384, r: 8, p: 1, keyLength: 64, salt: "c2FsdA==", hash: "aGFzaA==" };
const account = (subject: string): Account => ({
  subject,
  email: `${subject}@example.com`,
  password,
  firstName: "Ada",
  lastName: "Lovelace",
  emailVerified: false,
  active: true,
  createdAt: 1,
  publicMetadata: {},
  updatedAt: 1,
});

describe("IdentityStore", () => {
  it("snapshots a grown log, restores from snapshot plus log, and drops expired sessions in the snapshot", async () => {
    const dir = dataDir();
    const store = await IdentityStore.open(dir, { snapshotAfterBytes: 2_000 });
    const now = Date.now();
    await store.commit([{ op: "putAccount", account: account("a") }]);
    await store.commit([{ op: "putSession", session: { id: "old", subject: "a", createdAt: 0, expiresAt: now - 1, revokedAt: null } }]);
    for (let i = 0; i < 40; i++) {
      await store.commit([{ op: "putSession", session: { id: `s${i}`, subject: "a", createdAt: now, expiresAt: now + 60_000, revokedAt: null } }]);
    }
    await store.commit([{ op: "revoke", sessionIds: ["s0", "s1"], at: now }]);
    await store.close();
    expect(readdirSync(dir).some((name) => name.startsWith("snapshot-"))).toBe(true);

    const reopened = await IdentityStore.open(dir);
    cleanups.push(() => reopened.close());
    expect(reopened.accountByEmail("a@example.com")?.subject).toBe("a");
    expect(reopened.session("old")).toBeUndefined();
    expect(reopened.session("s0")?.revokedAt).toBe(now);
    expect(reopened.liveSessionIds("a")).toHaveLength(38);
  });

  it("reads accounts recorded before metadata existed with none, and keeps metadata and owed webhooks across restarts", async () => {
    const dir = dataDir();
    const store = await IdentityStore.open(dir);
    const { publicMetadata, updatedAt, ...old } = account("old");
    void publicMetadata;
    void updatedAt;
    // As a log written by an earlier version holds it: no publicMetadata, no updatedAt.
    await store.commit([{ op: "putAccount", account: old as Account }]);
    await store.commit([{ op: "putAccount", account: { ...account("new"), publicMetadata: { role: "coach" }, updatedAt: 5 } }]);
    await store.commit([
      { op: "putDelivery", delivery: { id: "msg_1", payload: "{}", attempts: 0, nextAttemptAt: 0 } },
      { op: "putDelivery", delivery: { id: "msg_2", payload: "{}", attempts: 0, nextAttemptAt: 0 } },
      { op: "putDelivery", delivery: { id: "msg_1", payload: "{}", attempts: 2, nextAttemptAt: 9 } },
      { op: "dropDelivery", id: "msg_2" },
    ]);
    await store.close();

    const reopened = await IdentityStore.open(dir);
    cleanups.push(() => reopened.close());
    expect(reopened.account("old")).toMatchObject({ publicMetadata: {}, updatedAt: 1 });
    expect(reopened.account("new")).toMatchObject({ publicMetadata: { role: "coach" }, updatedAt: 5 });
    expect(reopened.deliveries()).toEqual([{ id: "msg_1", payload: "{}", attempts: 2, nextAttemptAt: 9 }]);
  });

  it("keeps everything in memory without a data dir", async () => {
    const store = await IdentityStore.open(undefined);
    await store.commit([{ op: "putAccount", account: account("m") }]);
    expect(store.account("m")?.email).toBe("m@example.com");
    await store.close();
  });
});
