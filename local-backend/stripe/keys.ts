/**
 * The stand-in's API keys and webhook signing secret. With a data dir they are made once and kept in `keys.json`
 * (mode 0600), so the app's configured keys and verified webhooks keep working across restarts.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { readFileOrNull, writeFileDurably } from "../storage/fs-util";

export type StripeKeys = { secretKey: string; publishableKey: string; webhookSecret: string };

const KEY_FILE = "keys.json";

export async function loadOrCreateKeys(dir: string | undefined): Promise<StripeKeys> {
  const file = dir === undefined ? undefined : join(dir, KEY_FILE);
  const saved = file === undefined ? null : await readFileOrNull(file);
  if (file !== undefined && saved) return parseKeys(saved, file);
  const random = () => randomBytes(18).toString("base64url").replace(/[-_]/g, "x");
  const keys = { secretKey: `sk_test_local_${random()}`, publishableKey: `pk_test_local_${random()}`, webhookSecret: `whsec_${random()}` };
  if (file) await writeFileDurably(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function parseKeys(bytes: Buffer, file: string): StripeKeys {
  try {
    const keys = JSON.parse(bytes.toString("utf8")) as Partial<StripeKeys>;
    const { secretKey, publishableKey, webhookSecret } = keys;
    if (typeof secretKey === "string" && typeof publishableKey === "string" && typeof webhookSecret === "string") {
      return { secretKey, publishableKey, webhookSecret };
    }
  } catch {
    // Reported below: new keys would silently break the app's configured ones.
  }
  throw new Error(`${file} does not hold the Stripe stand-in's keys; restore it from a backup or delete it to make new ones.`);
}
