/** Password hashing with scrypt. Each hash carries its parameters, so they can be raised later. */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export type PasswordHash = { scheme: "scrypt"; N: number; r: number; p: number; keyLength: number; salt: string; hash: string };

const PARAMS = { N: 16384, r: 8, p: 1, keyLength: 64 };
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, { N, r, p, keyLength }: Omit<PasswordHash, "scheme" | "salt" | "hash">): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128 * N * r bytes; set the cap from the parameters so stronger ones are not refused later.
    const maxmem = 256 * N * r;
    // NFKC: the same password typed on another keyboard or OS must produce the same bytes.
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS);
  return { scheme: "scrypt", ...PARAMS, salt: salt.toString("base64"), hash: key.toString("base64") };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, "base64");
  const key = await derive(password, Buffer.from(stored.salt, "base64"), { ...stored, keyLength: expected.length });
  return timingSafeEqual(key, expected);
}
