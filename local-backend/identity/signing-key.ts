/**
 * The provider's RS256 signing key. With a data dir it is kept in `signing-key.json` (a private JWK, mode 0600)
 * so tokens issued before a restart still verify; without one it lives for the process only.
 */
import { join } from "node:path";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { readFileOrNull, writeFileDurably } from "../storage/fs-util";

const KEY_FILE = "signing-key.json";

export type PublicJwk = { kty: "RSA"; n: string; e: string; kid: string; alg: "RS256"; use: "sig" };

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: PublicJwk;
}

export async function loadOrCreateSigningKey(dir: string | undefined): Promise<SigningKey> {
  const file = dir === undefined ? undefined : join(dir, KEY_FILE);
  const saved = file === undefined ? null : await readFileOrNull(file);
  if (file !== undefined && saved) return fromJwk(parseJwk(saved, file));

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  const stored = { ...jwk, kid, n: jwk.n!, e: jwk.e!, alg: "RS256", use: "sig" };
  if (file) await writeFileDurably(file, JSON.stringify(stored), { mode: 0o600 });
  return fromJwk(stored);
}

type PrivateJwk = JWK & { kid: string; n: string; e: string };

function parseJwk(bytes: Buffer, file: string): PrivateJwk {
  try {
    const jwk = JSON.parse(bytes.toString("utf8")) as JWK;
    const { kty, d, kid, n, e } = jwk;
    if (kty === "RSA" && typeof d === "string" && typeof kid === "string" && typeof n === "string" && typeof e === "string") {
      return { ...jwk, kid, n, e };
    }
  } catch {
    // Reported below: a replaced key would silently sign out everyone holding an access token.
  }
  throw new Error(`${file} is not a private RS256 JWK; restore it from a backup or delete it to create a new key.`);
}

async function fromJwk(jwk: PrivateJwk): Promise<SigningKey> {
  const privateKey = (await importJWK({ ...jwk, ext: false }, "RS256")) as CryptoKey;
  const { kid, n, e } = jwk;
  return { kid, privateKey, publicJwk: { kty: "RSA", n, e, kid, alg: "RS256", use: "sig" } };
}
