import { makeFunctionReference } from "convex/server";
import { afterEach, describe, expect, it } from "vitest";
import { httpClient, start, tempDir } from "../test/helpers";
import { createIdentityProvider, LOCAL_ISSUER } from "./identity";

const whoami = makeFunctionReference<"query", Record<string, never>, { subject: string; tokenIdentifier: string; email: string } | null>(
  "messages:whoami",
);

const ENV = [
  "LOCAL_AUTH_ISSUER",
  "LOCAL_AUTH_JWKS",
  "LOCAL_AUTH_URL",
  "LOCAL_AUTH_ADMIN_SECRET",
  "LOCAL_AUTH_WEBHOOK_SECRET",
  "LWCC_TEST_ISSUER",
  "LWCC_TEST_JWKS",
];
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("embedded backend with the local identity provider", () => {
  it("publishes the provider to the functions' environment and serves /auth on the api server", async () => {
    const { dir, remove } = tempDir();
    cleanups.push(remove);
    // The key is kept in the data dir, so the fixture's auth.config.ts can be told to trust it before the start.
    const early = await createIdentityProvider({ dataDir: dir });
    process.env.LWCC_TEST_ISSUER = LOCAL_ISSUER;
    process.env.LWCC_TEST_JWKS = early.jwksDataUri();
    await early.close();

    const backend = await start({ dataDir: dir, exposeIdentity: true });
    cleanups.push(() => backend.close());
    expect(process.env.LOCAL_AUTH_ISSUER).toBe(LOCAL_ISSUER);
    expect(process.env.LOCAL_AUTH_JWKS).toBe(backend.identity.jwksDataUri());
    expect(process.env.LOCAL_AUTH_URL).toBe(backend.url);
    expect(process.env.LOCAL_AUTH_ADMIN_SECRET).toBe(backend.identity.adminSecret);
    expect(process.env.LOCAL_AUTH_WEBHOOK_SECRET).toBe(backend.identity.webhookSecret);

    const jwks = await fetch(`${backend.url}/auth/jwks.json`);
    expect(jwks.status).toBe(200);
    expect(await jwks.json()).toEqual(backend.identity.jwks());

    const registered = await fetch(`${backend.url}/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ada@example.com", password: "correct horse", firstName: "Ada", lastName: "Lovelace" }),
    });
    expect(registered.status).toBe(201);
    const { accessToken } = (await registered.json()) as { accessToken: string };
    const convex = httpClient(backend.url);
    convex.setAuth(accessToken);
    const me = await convex.query(whoami, {});
    expect(me).toMatchObject({ email: "ada@example.com" });
    expect(me!.tokenIdentifier).toBe(`${LOCAL_ISSUER}|${me!.subject}`);

    const logout = await fetch(`${backend.url}/logout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "redirectTo=%2F",
      redirect: "manual",
    });
    expect(logout.status).toBe(303);
    expect((await fetch(`${backend.url}/nothing`)).status).toBe(404);
  });

  it("keeps the provider in memory without a data dir and leaves the environment alone by default", async () => {
    delete process.env.LOCAL_AUTH_URL;
    const backend = await start();
    cleanups.push(() => backend.close());
    expect(process.env.LOCAL_AUTH_URL).toBeUndefined();
    expect((await fetch(`${backend.url}/auth/jwks.json`)).status).toBe(200);
  });
});
