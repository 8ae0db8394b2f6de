/**
 * `npm start`: the embedded Convex backend on convex/ (data under .data/, port 3210), then the
 * web app built against it and served on 127.0.0.1:4173. The build goes to a folder of its own
 * per backend under .build/web/ and is reused while its sources are unchanged
 * (scripts/lib/web-build.ts). `--dev` serves the app with Vite's dev server instead and reloads
 * Convex functions when they change.
 *
 * Environment: PORT (web app), LWCC_BACKEND_PORT, LWCC_DATA_DIR, LWCC_BUILD_DIR (the builds'
 * folder); LWCC_TEST_CLOCK=1 serves the backend's test clock (local-backend/test-clock.ts) and the
 * outage switch below, for browser journeys only.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { createServer, preview, type Plugin } from "vite";
import { trustedProxyHops } from "../convex/model/clientKey";
import { DEMO_PARTS } from "../convex/model/demoParts";
import { startBackend, type BackendOptions } from "../local-backend/backend";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { step } from "./lib/steps";
import { planWebBuild } from "./lib/web-build";

const dev = process.argv.includes("--dev");
const webPort = Number(process.env.PORT ?? (dev ? 5173 : 4173));
const backendPort = Number(process.env.LWCC_BACKEND_PORT ?? 3210);
const dataDir = process.env.LWCC_DATA_DIR ?? ".data";
const fresh = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
const journeys = process.env.LWCC_TEST_CLOCK === "1";

// Links in e-mails (reactivation, campaigns, unsubscribe) point at this web app unless told otherwise.
process.env.SITE_URL ??= `http://127.0.0.1:${webPort}`;
// Visitors reach /auth/ and the public forms through the web app's proxy (vite.config.ts), which
// appends their address to X-Forwarded-For: one trusted hop, so each visitor has limits of their own.
// The backend listens on 127.0.0.1 only, so nobody else can write that header to it directly.
process.env.TRUSTED_PROXY_HOPS ??= "1";

const backendOptions: BackendOptions = {
  functionsDir: "convex",
  log: (message) => step(`Backend ${message}`),
  dataDir,
  port: backendPort,
  watch: dev,
  exposeIdentity: true,
  exposeStripe: true,
  trustedProxyHops: trustedProxyHops(process.env.TRUSTED_PROXY_HOPS),
  testClock: journeys,
};
step("Starting the embedded Convex backend…");
let backend = await startBackend(backendOptions);

// Demo data comes from the seed, once, into a new data directory: sign-ins at the local identity
// provider first, then the users rows and content in Convex.
if (fresh) {
  const accounts = [];
  for (const { password, ...account } of DEMO_ACCOUNTS) {
    const { email, firstName, lastName } = account;
    const { tokenIdentifier } = await backend.identity.createAccount({ email, password, firstName, lastName, emailVerified: true });
    accounts.push({ ...account, tokenIdentifier });
  }
  // A mutation per part, as on a deployment each must end within its second.
  for (const [udfPath, args] of [["seed:demoAccounts", { accounts }], ...DEMO_PARTS.map((part) => ["seed:demoPart", { part }] as const)] as const) {
    const seeded = await backend.engine().run("mutation", udfPath, args, null, false);
    if (!seeded.ok) throw new Error(`Seeding demo data failed: ${seeded.message}`);
  }
  step(`Seeded demo data: ${DEMO_ACCOUNTS.length} demo accounts (see the README).`);
}

step("Preparing the user search and the Stripe prices…");
// Users rows written before the admin search existed get their search text (a no-op once they have it).
const backfill = await backend.engine().run("mutation", "users:backfillSearchText", {}, null, false);
if (!backfill.ok) throw new Error(`Preparing the user search failed: ${backfill.message}`);
// Forum names keyed by an older rule get their look-alike key, so uniqueness and @mentions find them.
const nameKeys = await backend.engine().run("mutation", "users:backfillForumNameKeys", {}, null, false);
if (!nameKeys.ok) throw new Error(`Preparing the forum names failed: ${nameKeys.message}`);

// The stand-in Stripe account gets the plan prices the checkout looks up, as `billing:ensurePrices` does once per real account.
const prices = await backend.engine().run("action", "billing:ensurePrices", {}, null, false);
if (!prices.ok) throw new Error(`Creating the Stripe prices failed: ${prices.message}`);

process.env.VITE_CONVEX_URL = backend.url;
// vite.config.ts proxies /auth and /logout here, so the refresh cookie is first-party to the web app.
process.env.LWCC_BACKEND_URL = backend.url;
// ...and the public forms' http routes (newsletter, events) to the http-actions port.
process.env.LWCC_SITE_URL = backend.siteUrl;
let close = () => Promise.resolve();
let webUrl: string;
if (dev) {
  step("Starting the Vite dev server…");
  const server = await createServer({ server: { port: webPort, host: "127.0.0.1", strictPort: true } });
  await server.listen();
  close = () => server.close();
  webUrl = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${webPort}/`;
} else {
  const web = planWebBuild(process.cwd(), path.resolve(process.env.LWCC_BUILD_DIR ?? ".build/web"));
  if (web.state.reuse) {
    step(`Reusing the web build from ${when(web.state.builtAt)} (sources unchanged)`);
  } else {
    step(`Building the web app (${web.state.reason === "first" ? "first build for this backend" : "sources changed since the last build"})…`);
    await web.build((message) => step(`  ${message}`));
    step("Web app built");
  }
  const server = await preview({
    plugins: journeys ? [backendOutageSwitch()] : [],
    build: { outDir: web.outDir },
    preview: { port: webPort, host: "127.0.0.1", strictPort: true },
  });
  close = () => server.close();
  webUrl = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${webPort}/`;
}

console.log(`
LWCC is running:
  web app            ${webUrl}
  Convex backend     ${backend.url}   (data in ${dataDir}/)
  Convex http routes ${backend.siteUrl}
`);

/** A build's time: the time of day if it is today, else date and time. */
function when(date: Date): string {
  return date.toDateString() === new Date().toDateString() ? date.toLocaleTimeString() : date.toLocaleString();
}

/**
 * POST /_test/backend-outage `{ "downMs": n }`: closes the backend (its sockets drop, as when the
 * process dies; its data is on disk) and starts it again on the same ports and data after n ms.
 * Answers once the backend is down, so a journey can act during the outage.
 */
function backendOutageSwitch(): Plugin {
  return {
    name: "lwcc-backend-outage",
    configurePreviewServer(server) {
      server.middlewares.use("/_test/backend-outage", (request, response) => {
        let body = "";
        request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        request.on("end", () => {
          let downMs = Number.NaN;
          try {
            downMs = Number((JSON.parse(body || "{}") as { downMs?: unknown }).downMs ?? 0);
          } catch {
            // Not JSON: refused below like any other bad request.
          }
          if (request.method !== "POST" || !Number.isSafeInteger(downMs) || downMs < 0 || downMs > 60_000) {
            response.statusCode = 400;
            return response.end("POST { downMs } with 0 <= downMs <= 60000");
          }
          void backend.close().then(() => {
            response.end(JSON.stringify({ down: true, downMs }));
            setTimeout(() => {
              void startBackend(backendOptions).then((restarted) => (backend = restarted));
            }, downMs);
          });
        });
      });
    },
  };
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void Promise.all([close(), backend.close()]).then(() => process.exit(0));
  });
}
