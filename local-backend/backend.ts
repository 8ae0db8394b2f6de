/**
 * The embedded Convex backend: serves a functions folder over Convex's own protocols (sync
 * WebSocket, HTTP API, http actions), persists every commit, runs scheduled functions and
 * crons, and reloads functions when their files change.
 */
import { watch, type FSWatcher } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { UserIdentity } from "convex/server";
import { WebSocketServer } from "ws";
import { loadComponentTree, type ComponentNode } from "./components/graph";
import { CronRunner, cronStateFile } from "./cron-runner";
import type { CommitEvent } from "./engine/convex-test-internals";
import { blobKey, Engine, runInHostScope } from "./engine/engine";
import { installProcessGuards } from "./engine/isolation";
import { StorageKeys } from "./engine/storage-keys";
import { loadOrCreateAccountLinkSecret } from "./account-link-secret";
import { createAuthenticator } from "./auth/caller";
import { CORS_HEADERS, handleApiRequest, readBody, sendJson } from "./http-api";
import { createIdentityProvider, LOCAL_ISSUER, type IdentityProvider } from "./identity/identity";
import { LiveQueries } from "./live-queries";
import { requestMetadataOf } from "./request-metadata";
import { DiskPersistence, MemoryPersistence, type Persistence } from "./persistence";
import { JobScheduler } from "./scheduler";
import { SLOW_MUTATION_MS, SyncSession, type MutationReply } from "./sync/session";
import { DEFAULT_MAX_UPLOAD_BYTES, handleStorageRequest } from "./storage-http";
import { createStripeStandIn, type StripeStandIn } from "./stripe";
import { advanceTestClock, installTestClock, testClockOffset } from "./test-clock";
import { loadTokenVerifier } from "./token-verifier";

export const BACKEND_VERSION = "lwcc-local-backend/1";

/** How many sessions, and answers per session, are kept for replayed mutations. */
const MAX_REPLAY_SESSIONS = 1000;
const MAX_REPLAY_ANSWERS = 1000;
/** How long a reload waits for writes under way on the old functions before it copies their state anyway. */
const RELOAD_DRAIN_MAX_MS = 10_000;

/** Module namespaces must be unique in the process, or a backend would reuse another's modules. */
let namespaces = 0;

export interface BackendOptions {
  functionsDir: string;
  /** Where data lives; without it the database is in memory only. */
  dataDir?: string;
  host?: string;
  /** Client API port (0 = any free port). */
  port?: number;
  /** Port for http actions, like a deployment's .convex.site origin (default: port + 1). */
  sitePort?: number;
  /** Reload functions when files in the folder change. */
  watch?: boolean;
  /** Replaces auth.config.ts verification, e.g. with the local identity provider. */
  verifyToken?: (token: string) => Promise<UserIdentity>;
  /**
   * Publishes the local identity provider to the functions through process.env: LOCAL_AUTH_ISSUER and
   * LOCAL_AUTH_JWKS (for auth.config.ts), LOCAL_AUTH_URL and LOCAL_AUTH_ADMIN_SECRET (to deactivate accounts and
   * set roles), LOCAL_AUTH_WEBHOOK_SECRET, with which its Clerk-shaped user webhooks to the app's route
   * `/clerk-users-webhook` are signed (they are sent only then), and LOCAL_ACCOUNT_LINK_SECRET (signs
   * reactivation links; local-backend/account-link-secret.ts).
   */
  exposeIdentity?: boolean;
  /**
   * Publishes the Stripe stand-in (local-backend/stripe/) to the functions through process.env: LOCAL_STRIPE_URL (the
   * api server, where the `stripe` SDK is pointed), LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_PUBLISHABLE_KEY and
   * LOCAL_STRIPE_WEBHOOK_SECRET. Its webhooks go to the app's http route `/stripe/webhook` either way.
   */
  exposeStripe?: boolean;
  /**
   * Proxies in front of the backend's own endpoints (the identity provider's /auth/) that append the
   * client's address to X-Forwarded-For, believed by its per-address limits; 0 (the default)
   * ignores the header. The functions' http routes read TRUSTED_PROXY_HOPS from the environment.
   */
  trustedProxyHops?: number;
  /** Serves the test clock at /_test/clock (local-backend/test-clock.ts) and runs a cron job on demand at /_test/cron; for browser journeys only. */
  testClock?: boolean;
  /** The largest file an upload URL takes (default DEFAULT_MAX_UPLOAD_BYTES). */
  maxUploadBytes?: number;
  /**
   * A query's or mutation's execution limit (default Convex's second). For tests of other limits
   * only, whose functions need more than a second of a busy machine's CPU to reach them.
   */
  executionLimitMs?: number;
  /**
   * The deployment's admin key: `Authorization: Convex <key>` (optionally acting as a user) may
   * call internal functions. Without one, every admin key is refused (local-backend/auth/caller.ts).
   */
  adminKey?: string;
  log?: (message: string) => void;
}

export interface Backend {
  url: string;
  siteUrl: string;
  /** The local identity provider, serving /auth/* on the api server. */
  identity: IdentityProvider;
  /** The Stripe stand-in, serving /v1/* and /_stripe/* on the api server. */
  stripe: StripeStandIn;
  engine(): Engine;
  reload(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string) {
  return new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** A request's path for the log: without its query, and without long tokens in the path (a calendar feed's secret). */
export function routeForLog(path: string): string {
  return path.split("?")[0]!.replace(/[A-Za-z0-9_-]{20,}/g, "…");
}

export async function startBackend(options: BackendOptions): Promise<Backend> {
  const host = options.host ?? "127.0.0.1";
  const log = options.log ?? ((message: string) => console.log(`[backend] ${message}`));
  const functionsDir = path.resolve(options.functionsDir);

  if (options.testClock) installTestClock();
  // Read while the identity provider and the data directory open (it bundles each convex.config).
  const components = loadComponentTree(functionsDir);
  components.catch(() => {});
  let publicUrl = "";
  let publicSiteUrl = "";
  const identity = await createIdentityProvider({
    dataDir: options.dataDir,
    webhookUrl: () => (options.exposeIdentity && publicSiteUrl ? `${publicSiteUrl}/clerk-users-webhook` : ""),
    trustedProxyHops: options.trustedProxyHops,
    log,
  });
  if (options.exposeIdentity) {
    // Set before the engine loads, so auth.config.ts reads them when it is first imported.
    process.env.LOCAL_AUTH_ISSUER = LOCAL_ISSUER;
    process.env.LOCAL_AUTH_JWKS = identity.jwksDataUri();
    process.env.LOCAL_AUTH_WEBHOOK_SECRET = identity.webhookSecret;
    process.env.LOCAL_ACCOUNT_LINK_SECRET = await loadOrCreateAccountLinkSecret(options.dataDir);
  }
  const stripe = await createStripeStandIn({
    dataDir: options.dataDir,
    apiUrl: () => publicUrl,
    webhookUrl: () => `${publicSiteUrl}/stripe/webhook`,
    log,
  });
  if (options.exposeStripe) {
    process.env.LOCAL_STRIPE_SECRET_KEY = stripe.secretKey;
    process.env.LOCAL_STRIPE_PUBLISHABLE_KEY = stripe.publishableKey;
    process.env.LOCAL_STRIPE_WEBHOOK_SECRET = stripe.webhookSecret;
  }

  const storageKeys = await StorageKeys.open(options.dataDir);
  const persistence: Persistence = options.dataDir
    ? await DiskPersistence.open(options.dataDir, (error) => {
        // A commit that cannot be made durable must not be acknowledged; stop rather than lie.
        log(`FATAL: could not write to ${options.dataDir}: ${String(error)}`);
        process.exit(1);
      })
    : new MemoryPersistence();

  // Created once the engine exists; the engine's callbacks reach them through here.
  const late: { liveQueries?: LiveQueries; scheduler?: JobScheduler } = {};
  const onCommit = (event: CommitEvent) => {
    persistence.append(event);
    // Once the commit is on disk: subscribers hear of it (no client sees data a crash could
    // lose), and the bytes of files it deleted go.
    void persistence.durable().then(() => {
      late.liveQueries?.onCommit(event);
      for (const change of event.changes) {
        if (change.table === "_storage" && change.after === null) void persistence.blobs?.delete(blobKey(change.component, change.id));
      }
    });
    void persistence.maybeSnapshot(() => current.exportState());
  };
  const loadEngine = (tree?: Promise<ComponentNode>) =>
    Engine.load({
      components: tree,
      functionsDir,
      namespace: `lwcc-functions-${process.pid}-${namespaces++}`,
      onCommit,
      onSchedule: ({ component, jobId, scheduledTime }) => late.scheduler?.arm(component, jobId, scheduledTime),
      blobs: persistence.blobs,
      storageUrl: () => publicUrl,
      siteUrl: () => publicSiteUrl,
      storageKeys,
      executionLimitMs: options.executionLimitMs,
    });

  let current = await loadEngine(components);
  const saved = persistence.restore();
  if (saved) current.importState(saved);
  const engine = () => current;
  const liveQueries = (late.liveQueries = new LiveQueries(current));
  const scheduler = (late.scheduler = new JobScheduler(engine, log));
  const restoredJobs = await scheduler.restore();
  const crons = new CronRunner(engine, log, cronStateFile(options.dataDir));
  await crons.start();

  let verifyToken = options.verifyToken ?? (await loadTokenVerifier(current));
  const responses = new Map<string, Map<number, Promise<MutationReply>>>();
  const sessionHost = {
    engine,
    liveQueries,
    auth: createAuthenticator({ adminKey: options.adminKey, verifyToken: (token: string) => verifyToken(token) }),
    durable: () => persistence.durable(),
    mutationResponses: (sessionId: string) => {
      let map = responses.get(sessionId);
      if (!map) {
        responses.set(sessionId, (map = new Map<number, Promise<MutationReply>>()));
        // Replays come right after a reconnect; answers for long-gone sessions need not live forever.
        if (responses.size > MAX_REPLAY_SESSIONS) responses.delete(responses.keys().next().value as string);
      }
      if (map.size > MAX_REPLAY_ANSWERS) map.delete(map.keys().next().value as number);
      return map;
    },
    log,
  };
  const storageHost = { engine, keys: storageKeys, durable: () => persistence.durable(), maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES };

  const api = createServer((request, response) => {
    void serveApi(request, response).catch((error: unknown) => fail(response, error));
  });
  async function serveApi(request: IncomingMessage, response: ServerResponse) {
    // First, so its /v1/ routes answer their own CORS preflights (Stripe's headers and methods, not Convex's).
    if (await stripe.handleRequest(request, response)) return;
    if (request.method === "OPTIONS") {
      response.writeHead(204, CORS_HEADERS);
      return response.end();
    }
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    if (pathname === "/version" || pathname === "/instance_name") {
      response.writeHead(200, { "content-type": "text/plain", ...CORS_HEADERS });
      return response.end(pathname === "/version" ? BACKEND_VERSION : "lwcc-embedded");
    }
    if (options.testClock && pathname === "/_test/clock") return serveTestClock(request, response);
    if (options.testClock && pathname === "/_test/cron" && request.method === "POST") return serveTestCron(request, response);
    if (await handleApiRequest(request, response, sessionHost)) return;
    if (await identity.handleIdentityRequest(request, response)) return;
    if (await handleStorageRequest(request, response, storageHost)) return;
    sendJson(response, 404, { code: "NotFound", message: `No such endpoint: ${pathname}` });
  }

  /** GET: the clock's now and offset. POST `{ advanceMs }`: moves it forward; due jobs then run. */
  async function serveTestClock(request: IncomingMessage, response: ServerResponse) {
    if (request.method === "POST") {
      let advanceMs: unknown;
      try {
        ({ advanceMs } = JSON.parse((await readBody(request)).toString("utf8")) as { advanceMs?: unknown });
        advanceTestClock(advanceMs as number);
      } catch (error) {
        return sendJson(response, 400, { code: "BadRequest", message: error instanceof Error ? error.message : String(error) });
      }
      await scheduler.rearmPending();
      // Subscriptions whose period the jump passed renew (or end) now, as on a Stripe test clock.
      await stripe.sweep();
    }
    sendJson(response, 200, { now: Date.now(), offsetMs: testClockOffset() });
  }

  /** POST `{ job }`: runs that cron job now, as its schedule would, and answers once it has finished. */
  async function serveTestCron(request: IncomingMessage, response: ServerResponse) {
    let job: unknown;
    try {
      ({ job } = JSON.parse((await readBody(request)).toString("utf8")) as { job?: unknown });
    } catch {
      return sendJson(response, 400, { code: "BadRequest", message: "The body must be JSON: { job }" });
    }
    if (typeof job !== "string" || !(await crons.runNow(job))) return sendJson(response, 404, { code: "NotFound", message: `No such cron job: ${String(job)}` });
    sendJson(response, 200, { ran: job });
  }

  const site = createServer((request, response) => {
    void serveSite(request, response).catch((error: unknown) => fail(response, error));
  });
  async function serveSite(request: IncomingMessage, response: ServerResponse) {
    const received = performance.now();
    // A refused Authorization header still reaches the http action (it may be the action's own
    // scheme); only ctx.auth.getUserIdentity() fails, as on Convex.
    const identity = await sessionHost.auth.fromHeader(request.headers.authorization).then(
      (caller) => caller.identity,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    const method = request.method ?? "GET";
    const body = method === "GET" || method === "HEAD" ? undefined : await readBody(request);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const url = `http://${request.headers.host ?? `${host}:${sitePort}`}${request.url ?? "/"}`;
    const result = await current.fetch(new Request(url, { method, headers, body: body ? new Uint8Array(body) : undefined }), identity, requestMetadataOf(request));
    const ran = performance.now();
    // The answer acknowledges whatever the action wrote (an error report, a webhook's event): only once it is on disk.
    await persistence.durable();
    logIfSlow(method, request.url ?? "/", received, ran);
    if (!result) {
      response.writeHead(404, { "content-type": "text/plain" });
      return response.end("No matching routes found");
    }
    const outHeaders: Record<string, string[]> = {};
    result.headers.forEach((value, name) => (outHeaders[name] ??= []).push(value));
    if (result.statusText) response.writeHead(result.status, result.statusText, outHeaders);
    else response.writeHead(result.status, outHeaders);
    response.end(Buffer.from(await result.arrayBuffer()));
  }

  /** A visitor's form or a webhook answered this late looks stalled: say where the time went, as for slow mutations. */
  function logIfSlow(method: string, path: string, received: number, ran: number) {
    const now = performance.now();
    if (now - received < SLOW_MUTATION_MS) return;
    const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
    log(`slow http action ${method} ${routeForLog(path)}: ${ms(received, now)} in all; reading and running ${ms(received, ran)}, disk sync ${ms(ran, now)}`);
  }

  function fail(response: ServerResponse, error: unknown) {
    log(`request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (!response.headersSent) sendJson(response, 500, { code: "InternalServerError", message: "Internal server error" });
    else response.end();
  }

  const sockets = new WebSocketServer({ noServer: true });
  api.on("upgrade", (request, socket, head) => {
    if (!/^\/api\/[^/]+\/sync$/.test(new URL(request.url ?? "/", "http://localhost").pathname.replace(/^\/+/, "/"))) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => runInHostScope(() => new SyncSession(ws, sessionHost, requestMetadataOf(request))));
  });

  const port = await listen(api, options.port ?? 3210, host);
  const sitePort = await listen(site, options.sitePort ?? (options.port === 0 ? 0 : port + 1), host);

  // Reloads wait for nothing in flight: the new engine starts from the old one's exact state.
  let reloading: Promise<void> | undefined;
  async function reload() {
    const next = await loadEngine();
    // A write committed to the old engine after its state is copied would be lost: the copy and the
    // switch happen in one synchronous step, at a moment no mutation holds or waits for its turn.
    const deadline = Date.now() + RELOAD_DRAIN_MAX_MS;
    while (!current.writesIdle() && Date.now() < deadline) await current.writesSettled(deadline - Date.now());
    next.importState(current.exportState());
    const previous = current;
    current = next;
    // The old functions' runners stop as their calls finish.
    void previous.close();
    verifyToken = options.verifyToken ?? (await loadTokenVerifier(next));
    liveQueries.replaceEngine(next);
    // A job whose timer fired on the old engine but had not committed there is still pending here: it runs again, here.
    await scheduler.rearmPending();
    await crons.start();
    log("functions reloaded");
  }
  let watcher: FSWatcher | undefined;
  if (options.watch) {
    let timer: NodeJS.Timeout | undefined;
    watcher = watch(functionsDir, { recursive: true }, (_event, file) => {
      if (!file || file.includes("node_modules")) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        reloading = (reloading ?? Promise.resolve())
          .then(reload)
          .catch((error: unknown) => log(`reload failed, keeping the previous functions: ${String(error)}`));
      }, 150);
    });
  }

  const url = `http://${host}:${port}`;
  publicUrl = url;
  publicSiteUrl = `http://${host}:${sitePort}`;
  if (options.exposeIdentity) {
    process.env.LOCAL_AUTH_URL = url;
    process.env.LOCAL_AUTH_ADMIN_SECRET = identity.adminSecret;
  }
  if (options.exposeStripe) process.env.LOCAL_STRIPE_URL = url;
  // Now that the webhook route answers: what time did to subscriptions while stopped, and the events still owed.
  await stripe.sweep();
  identity.deliverEvents();
  // From here on, an error no function call owns is logged, not fatal; one while starting still ends the start.
  installProcessGuards(log);
  log(`ready at ${url} (http actions at http://${host}:${sitePort}); ${restoredJobs} scheduled job(s) re-armed`);
  return {
    url,
    siteUrl: publicSiteUrl,
    identity,
    stripe,
    engine,
    reload: () => (reloading = (reloading ?? Promise.resolve()).then(reload)),
    async close() {
      watcher?.close();
      crons.stop();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await Promise.all([new Promise((r) => api.close(r)), new Promise((r) => site.close(r))]);
      api.closeAllConnections();
      site.closeAllConnections();
      await scheduler.close();
      await crons.idle();
      await persistence.close(current.exportState());
      await current.close();
      await identity.close();
      await stripe.close();
    },
  };
}
