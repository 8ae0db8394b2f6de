import { makeFunctionReference } from "convex/server";
import { ConvexError } from "convex/values";
import { afterEach, describe, expect, it } from "vitest";
import type { Backend } from "./backend";
import { httpClient, sleep, start, testIssuer, waitFor, wsClient } from "./test/helpers";

type Message = { _id: string; author: string; body: string };
type Page = { page: Message[]; isDone: boolean; continueCursor: string };
const list = makeFunctionReference<"query", Record<string, never>, Message[]>("messages:list");
const byAuthor = makeFunctionReference<"query", { author: string }, Message[]>("messages:byAuthor");
const page = makeFunctionReference<"query", { paginationOpts: { numItems: number; cursor: string | null; id?: number } }, Page>("messages:page");
const send = makeFunctionReference<"mutation", { author: string; body: string }, string>("messages:send");
const fail = makeFunctionReference<"mutation", Record<string, never>, null>("messages:fail");
const crash = makeFunctionReference<"query", Record<string, never>, null>("messages:crash");
const secret = makeFunctionReference<"mutation", { body: string }, string>("messages:secret");
const shout = makeFunctionReference<"action", { author: string; body: string }, string>("messages:shout");
const whoami = makeFunctionReference<"query", Record<string, never>, { subject: string; tokenIdentifier: string; email: string } | null>("messages:whoami");

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function backend(options = {}): Promise<Backend> {
  const b = await start(options);
  cleanups.push(() => b.close());
  return b;
}

function client(url: string) {
  const c = wsClient(url);
  cleanups.push(() => c.close());
  return c;
}

describe("embedded backend with the real convex clients", () => {
  it("answers /version once ready", async () => {
    const b = await backend();
    const response = await fetch(`${b.url}/version`);
    expect(response.status).toBe(200);
  });

  it("delivers a mutation's effect to subscribers, and resolves the mutation after its update", async () => {
    const b = await backend();
    const watcher = client(b.url);
    const writer = client(b.url);
    const seen: Message[][] = [];
    cleanups.push(watcher.onUpdate(byAuthor, { author: "ana" }, (value) => seen.push(value)));
    await waitFor<Message[]>((push) => watcher.onUpdate(byAuthor, { author: "ana" }, push), (v) => v.length === 0);

    const id = await writer.mutation(send, { author: "ana", body: "hello" });
    // The writer's own view already includes its write when the promise resolves.
    expect((await writer.query(list, {})).map((m) => m._id)).toContain(id);
    const updated = await waitFor<Message[]>((push) => watcher.onUpdate(byAuthor, { author: "ana" }, push), (v) => v.length === 1);
    expect(updated[0]).toMatchObject({ _id: id, author: "ana", body: "hello" });
  });

  it("re-runs only affected queries: a write for another author leaves a subscription untouched", async () => {
    const b = await backend();
    const c = client(b.url);
    let updates = 0;
    cleanups.push(c.onUpdate(byAuthor, { author: "ana" }, () => updates++));
    await c.mutation(send, { author: "ana", body: "one" });
    await sleep(100);
    const before = updates;
    await c.mutation(send, { author: "bo", body: "two" });
    await sleep(200);
    expect(updates).toBe(before);
  });

  it("brings ConvexError data to the client over both protocols, and query errors to subscribers", async () => {
    const b = await backend();
    const c = client(b.url);
    const wsError = await c.mutation(fail, {}).catch((e: unknown) => e);
    expect(wsError).toBeInstanceOf(ConvexError);
    expect((wsError as ConvexError<{ code: string }>).data).toEqual({ code: "NOPE", message: "Not allowed" });

    const httpError = await httpClient(b.url).mutation(fail, {}).catch((e: unknown) => e);
    expect(httpError).toBeInstanceOf(ConvexError);
    expect((httpError as ConvexError<{ code: string }>).data).toEqual({ code: "NOPE", message: "Not allowed" });

    const queryError = await new Promise<Error>((resolve) => {
      cleanups.push(c.onUpdate(crash, {}, () => {}, resolve));
    });
    expect(queryError.message).toContain("boom");
  });

  it("refuses internal functions to clients", async () => {
    const b = await backend();
    await expect(client(b.url).mutation(secret, { body: "x" })).rejects.toThrow(/Could not find public function/);
    await expect(httpClient(b.url).mutation(secret, { body: "x" })).rejects.toThrow(/Could not find public function/);
  });

  it("runs actions that call mutations", async () => {
    const b = await backend();
    const c = client(b.url);
    const id = await c.action(shout, { author: "ana", body: "hey" });
    const messages = await c.query(list, {});
    expect(messages.find((m) => m._id === id)).toMatchObject({ author: "system", body: "ana: HEY" });
  });

  it("serves http.ts routes with their real URL, headers and status", async () => {
    const b = await backend();
    await httpClient(b.url).mutation(send, { author: "cy", body: "hi" });
    const echo = await fetch(`${b.siteUrl}/echo?q=1`, { method: "POST", body: "ping", headers: { "x-lwcc-test": "yes" } });
    expect(await echo.json()).toEqual({ url: `${b.siteUrl}/echo?q=1`, method: "POST", header: "yes", body: "ping", subject: null });
    const prefixed = await fetch(`${b.siteUrl}/messages/cy`);
    expect(prefixed.headers.get("x-count")).toBe("1");
    expect(await prefixed.json()).toEqual(["hi"]);
    expect((await fetch(`${b.siteUrl}/missing`)).status).toBe(404);
  });

  it("verifies JWTs per auth.config.ts and hands the identity to functions", async () => {
    const issuer = await testIssuer();
    const b = await backend();
    const c = client(b.url);
    const token = await issuer.token("user-1");
    const confirmed = new Promise<boolean>((resolve) => c.setAuth(() => Promise.resolve(token), resolve));
    expect(await confirmed).toBe(true);
    const me = await waitFor<{ subject: string } | null>((push) => c.onUpdate(whoami, {}, push), (v) => v !== null);
    expect(me).toEqual({ subject: "user-1", tokenIdentifier: "http://127.0.0.1/lwcc-test-issuer|user-1", email: "user-1@example.com" });

    const http = httpClient(b.url);
    http.setAuth(token);
    expect(await http.query(whoami, {})).toMatchObject({ subject: "user-1" });
    http.setAuth(await issuer.token("user-1", {}, "-1m"));
    await expect(http.query(whoami, {})).rejects.toThrow(/expired/i);
  });

  it("rejects a forged token on the socket and reports the client as signed out", async () => {
    await testIssuer();
    const b = await backend();
    const c = client(b.url);
    const forged = await (await testIssuer()).token("intruder");
    // testIssuer() above replaced the trusted key; the backend still trusts the first one.
    const result = await new Promise<boolean>((resolve) => c.setAuth(() => Promise.resolve(forged), resolve));
    expect(result).toBe(false);
  });

  it("keeps page boundaries while rows are inserted at the head", async () => {
    const b = await backend();
    const c = client(b.url);
    for (const body of ["a", "b", "c", "d", "e"]) await c.mutation(send, { author: "p", body });
    const first = await waitFor<Page>((push) => c.onUpdate(page, { paginationOpts: { numItems: 2, cursor: null, id: 1 } }, push), () => true);
    expect(first.page.map((m) => m.body)).toEqual(["e", "d"]);
    const second = await c.query(page, { paginationOpts: { numItems: 2, cursor: first.continueCursor, id: 2 } });
    expect(second.page.map((m) => m.body)).toEqual(["c", "b"]);

    const grown = waitFor<Page>(
      (push) => c.onUpdate(page, { paginationOpts: { numItems: 2, cursor: null, id: 1 } }, push),
      (v) => v.page.length === 4,
    );
    await Promise.all([c.mutation(send, { author: "p", body: "f" }), c.mutation(send, { author: "p", body: "g" })]);
    const after = await grown;
    // The first page grew at its head and still ends where the second page starts: nothing vanished or repeated.
    expect(after.page.map((m) => m.body)).toEqual(["g", "f", "e", "d"]);
    expect(after.continueCursor).toBe(first.continueCursor);
  });
});
