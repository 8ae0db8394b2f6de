/**
 * `npm run backend -- --functions <dir> --data <dir> --port <n> [--site-port <n>] [--watch] [--admin-key <key>]`
 * Runs a Convex functions folder on 127.0.0.1 until interrupted. The admin key (for
 * `Authorization: Convex <key>`) may also come from CONVEX_ADMIN_KEY; without one, admin access is off.
 * TRUSTED_PROXY_HOPS (proxies in front whose X-Forwarded-For is believed) applies to the functions'
 * http routes and the identity provider alike.
 */
import { parseArgs } from "node:util";
import { trustedProxyHops } from "../convex/model/clientKey";
import { startBackend } from "./backend";

const { values } = parseArgs({
  options: {
    functions: { type: "string", default: "convex" },
    data: { type: "string" },
    port: { type: "string", default: "3210" },
    "site-port": { type: "string" },
    watch: { type: "boolean", default: false },
    "admin-key": { type: "string" },
  },
});

function port(value: string | undefined, name: string) {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--${name} must be a port number, got "${value}"`);
  return n;
}

const backend = await startBackend({
  functionsDir: values.functions,
  dataDir: values.data,
  port: port(values.port, "port"),
  sitePort: port(values["site-port"], "site-port"),
  watch: values.watch,
  adminKey: values["admin-key"] ?? (process.env.CONVEX_ADMIN_KEY || undefined),
  trustedProxyHops: trustedProxyHops(process.env.TRUSTED_PROXY_HOPS),
});

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void backend.close().then(() => process.exit(0));
  });
}
