/**
 * The embedded default of ACCOUNT_LINK_SECRET, the key that signs account links (reactivation and
 * "Keep my account active", convex/model/reactivation.ts). Made once per data directory and kept
 * in `account-link-secret` (mode 0600), so links e-mailed before a restart still verify after it.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { readFileOrNull, writeFileDurably } from "./storage/fs-util";

const FILE = "account-link-secret";

export async function loadOrCreateAccountLinkSecret(dataDir: string | undefined): Promise<string> {
  const file = dataDir === undefined ? undefined : join(dataDir, FILE);
  const saved = file === undefined ? null : await readFileOrNull(file);
  const secret = saved?.toString("utf8").trim();
  if (secret && secret.length >= 32) return secret;
  if (saved) throw new Error(`${file} does not hold an account link secret; restore it from a backup or delete it to make a new one (links already sent stop working).`);
  const made = randomBytes(32).toString("base64url");
  if (file) await writeFileDurably(file, made, { mode: 0o600 });
  return made;
}
