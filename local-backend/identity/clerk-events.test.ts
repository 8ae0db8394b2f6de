/**
 * Roles at the local identity provider: kept in the account's public metadata like Clerk's, set
 * through the admin endpoint, and sent to the app as Clerk-shaped user.updated webhooks signed with
 * Svix, retried until the app takes them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "svix";
import { describe, expect, it } from "vitest";
import { parseClerkUserEvent } from "../../convex/model/clerk";
import { cleanupsAfterEach, eventually } from "../test/helpers";
import { createIdentityProvider, LOCAL_ISSUER } from "./identity";

const cleanups = cleanupsAfterEach();

const ADA = { email: "ada@example.com", password: "correct horse", firstName: "Ada", lastName: "Lovelace", emailVerified: true };

type Received = { headers: IncomingMessage["headers"]; body: string };

/** An app's webhook route: answers each delivery with the next status of `statuses` (then 200), keeping what it got. */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(statuses.shift() ?? 200);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/clerk-users-webhook`, received };
}

async function provider(options: { dataDir?: string; url?: string } = {}) {
  const opened = await createIdentityProvider({
    dataDir: options.dataDir,
    webhookUrl: () => options.url ?? "",
    webhookRetryBaseMs: 10,
    log: () => {},
  });
  let closed = false;
  cleanups.push(() => (closed ? undefined : opened.close()));
  return { provider: opened, close: () => ((closed = true), opened.close()) };
}

/** The provider's HTTP handler on a real server, as the backend mounts it. */
async function serve(handle: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>) {
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("roles at the local identity provider", () => {
  it("sets publicMetadata.role through the admin endpoint, and keeps it across a restart", async () => {
    const dataDir = cleanups.dataDir("lwcc-identity-roles-");
    const { provider: first, close } = await provider({ dataDir });
    const { subject } = await first.createAccount(ADA);
    const url = await serve(first.handleIdentityRequest);
    const patch = (body: unknown, secret = first.adminSecret, who = subject) =>
      fetch(`${url}/auth/admin/accounts/${encodeURIComponent(who)}/metadata`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });

    const answer = await patch({ publicMetadata: { role: "coach" } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ subject, publicMetadata: { role: "coach" } });
    expect((await patch({ publicMetadata: { role: "coach" } }, "wrong")).status).toBe(401);
    expect((await patch({ publicMetadata: { role: "" } })).status).toBe(400);
    expect((await patch({ publicMetadata: { role: "x", plan: "gold" } })).status).toBe(400);
    expect((await patch({ role: "coach" })).status).toBe(400);
    expect((await patch({ publicMetadata: { role: "coach" } }, first.adminSecret, "nobody")).status).toBe(404);
    const wrongMethod = await fetch(`${url}/auth/admin/accounts/${subject}/metadata`, { method: "POST" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("PATCH");
    await close();

    const { provider: second } = await provider({ dataDir });
    expect(second.jwks()).toEqual(first.jwks());
    const removed = await second.setPublicMetadata(subject, { role: null });
    expect(removed.publicMetadata).toEqual({});
  });

  it("creates accounts with a role in their metadata, for provisioning", async () => {
    const { provider: local } = await provider();
    const { subject } = await local.createAccount({ ...ADA, publicMetadata: { role: "guest_temporary" } });
    expect((await local.setPublicMetadata(subject, {})).publicMetadata).toEqual({ role: "guest_temporary" });
  });

  it("sends a Clerk-shaped user.updated event, signed so that Svix verifies it with the provider's secret", async () => {
    const app = await receiver();
    const { provider: local } = await provider({ url: app.url });
    const { subject, tokenIdentifier } = await local.createAccount(ADA);
    const account = await local.setPublicMetadata(subject, { role: "coach" });
    await eventually(() => Promise.resolve(app.received.length), (count) => count === 1);

    const [{ headers, body }] = app.received as [Received];
    const payload = new Webhook(local.webhookSecret).verify(body, {
      "svix-id": String(headers["svix-id"]),
      "svix-timestamp": String(headers["svix-timestamp"]),
      "svix-signature": String(headers["svix-signature"]),
    });
    expect(payload).toMatchObject({
      type: "user.updated",
      object: "event",
      data: {
        object: "user",
        id: subject,
        first_name: "Ada",
        last_name: "Lovelace",
        primary_email_address_id: `idn_${subject}`,
        email_addresses: [{ id: `idn_${subject}`, email_address: "ada@example.com", verification: { status: "verified" } }],
        public_metadata: { role: "coach" },
        created_at: account.createdAt,
        updated_at: account.updatedAt,
      },
    });
    expect(account.updatedAt).toBeGreaterThan(account.createdAt - 1);
    // The app's own parser reads it as the same account and role a sign-in there would have.
    expect(parseClerkUserEvent(payload, LOCAL_ISSUER)).toMatchObject({ type: "user.updated", tokenIdentifier, role: "coach", email: "ada@example.com" });
  });

  it("retries a delivery the app refused, with the same id, until it is taken", async () => {
    const app = await receiver([503, 500]);
    const { provider: local } = await provider({ url: app.url });
    const { subject } = await local.createAccount(ADA);
    await local.setPublicMetadata(subject, { role: "coach" });
    await eventually(() => Promise.resolve(app.received.length), (count) => count === 3);
    expect(new Set(app.received.map(({ headers }) => headers["svix-id"])).size).toBe(1);
  });

  it("keeps owed events while no webhook URL is set, and sends them once asked to", async () => {
    const app = await receiver();
    let url = "";
    const local = await createIdentityProvider({ webhookUrl: () => url, webhookRetryBaseMs: 10, log: () => {} });
    cleanups.push(() => local.close());
    const { subject } = await local.createAccount(ADA);
    await local.setPublicMetadata(subject, { role: "coach" });
    await local.setPublicMetadata(subject, { role: "admin" });
    url = app.url;
    local.deliverEvents();
    await eventually(() => Promise.resolve(app.received.length), (count) => count === 2);
    const roles = app.received.map(({ body }) => (JSON.parse(body) as { data: { public_metadata: { role: string } } }).data.public_metadata.role);
    expect(roles).toEqual(["coach", "admin"]);
  });
});
