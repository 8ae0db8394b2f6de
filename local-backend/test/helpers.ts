import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { afterEach } from "vitest";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { WebSocket } from "ws";
import { startBackend, type Backend, type BackendOptions } from "../backend";

export const FIXTURE = path.resolve(import.meta.dirname, "fixture");
export const ISSUER = "http://127.0.0.1/lwcc-test-issuer";

/** A signing key whose JWKS the fixture's auth.config.ts trusts (read from the environment). */
export async function testIssuer() {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  process.env.LWCC_TEST_ISSUER = ISSUER;
  process.env.LWCC_TEST_JWKS = `data:text/plain;charset=utf-8;base64,${Buffer.from(JSON.stringify({ keys: [jwk] })).toString("base64")}`;
  return {
    token: (subject: string, claims: Record<string, unknown> = {}, expiresIn = "1h") =>
      new SignJWT({ email: `${subject}@example.com`, ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "test-key", typ: "JWT" })
        .setIssuer(ISSUER)
        .setAudience("convex")
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(privateKey),
  };
}

export function tempDir(prefix = "lwcc-backend-") {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * What a test opened, closed after it, newest first: `push` a close, or take a data directory
 * that is removed the same way.
 */
export function cleanupsAfterEach() {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    push: (cleanup: () => unknown) => cleanups.push(cleanup),
    dataDir: (prefix?: string) => {
      const temp = tempDir(prefix);
      cleanups.push(temp.remove);
      return temp.dir;
    },
  };
}

export async function start(options: Partial<BackendOptions> = {}): Promise<Backend> {
  return startBackend({ functionsDir: FIXTURE, port: 0, sitePort: 0, log: () => {}, ...options });
}

export function wsClient(url: string) {
  return new ConvexClient(url, { webSocketConstructor: WebSocket as unknown as typeof globalThis.WebSocket, logger: false, unsavedChangesWarning: false });
}

export function httpClient(url: string) {
  return new ConvexHttpClient(url, { logger: false });
}

/** Resolves with the first value that satisfies `test`, from a callback-based subscription. */
export function waitFor<T>(subscribe: (push: (value: T) => void) => () => void, test: (value: T) => boolean, ms = 5000) {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      unsubscribe();
      reject(new Error(`timed out after ${ms} ms`));
    }, ms);
    const unsubscribe = subscribe((value) => {
      if (done || !test(value)) return;
      done = true;
      clearTimeout(timer);
      // The first value can arrive before subscribe() returns.
      setTimeout(() => unsubscribe(), 0);
      resolve(value);
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads until `done` holds for what was read (polling every 50 ms), and returns it. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in time; last read: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

export const waitUntil = (check: () => Promise<boolean>, ms?: number) => eventually(check, (ok) => ok, ms).then(() => undefined);
