/**
 * The backend's file-storage secrets: upload URL tokens and the UUIDs that name stored files in
 * their URLs (Convex's "storage ids" from before `Id<"_storage">`).
 *
 * An upload token is an HS256 JWT naming the component whose storage the file goes to; it
 * expires an hour after it was issued, as Convex's upload URLs do, and here it also works only
 * once. A file's UUID is its `_storage` id and component encrypted with a key derived from the
 * same secret: unguessable like Convex's random UUIDs (a file URL is a capability), yet turned
 * back into the id without a table of its own.
 *
 * With a data dir the secret (mode 0600) and the tokens already used live in
 * `<dataDir>/file-storage/`, so URLs and tokens outlive restarts; without one they last as long
 * as the process.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { errors, jwtVerify, SignJWT } from "jose";
import { readFileOrNull, writeFileDurably } from "../storage/fs-util";

/** Convex's upload URLs are valid for an hour (STORE_FILE_AUTHORIZATION_VALIDITY). */
const UPLOAD_TOKEN_TTL_SECONDS = 60 * 60;
const SECRET_BYTES = 32;
/** convex-test names a `_storage` document by its counter, zero-padded, then the table. */
const STORAGE_ID = /^([0-9]{1,32})_storage$/;
/** Hyphenated only: a 32-digit hex string can be a convex-test id (digits, then a table such as "cafe"). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COMPONENT_TAG_BYTES = 6;

/** A refused upload token, as Convex answers it (401 with its error code). */
export class UploadTokenError extends Error {
  constructor(
    readonly code: "StorageTokenInvalid" | "StorageTokenExpired",
    message: string,
  ) {
    super(message);
  }
}

/** An upload the token allows: `commit` once the file is stored (the token is then used up), else `release`. */
export interface UploadClaim {
  component: string;
  commit(): Promise<void>;
  release(): void;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export class StorageKeys {
  private readonly tokenKey: Uint8Array;
  private readonly uuidKey: Buffer;
  /** Tokens used up, by token id, with when they expire (seconds); kept until then. */
  private readonly used: Map<string, number>;
  /** Tokens whose upload is under way: a second upload with one must wait for the first to fail. */
  private readonly inFlight = new Set<string>();
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly secret: Buffer,
    used: [string, number][],
    private readonly usedFile: string | undefined,
  ) {
    this.tokenKey = new Uint8Array(this.derive("upload-token"));
    this.uuidKey = this.derive("file-uuid").subarray(0, 16);
    const now = nowSeconds();
    this.used = new Map(used.filter(([, exp]) => exp > now));
  }

  /** Keys kept only in memory (an engine without a data dir, or started on its own). */
  static ephemeral(): StorageKeys {
    return new StorageKeys(randomBytes(SECRET_BYTES), [], undefined);
  }

  static async open(dataDir?: string): Promise<StorageKeys> {
    if (dataDir === undefined) return StorageKeys.ephemeral();
    const dir = path.resolve(dataDir, "file-storage");
    await mkdir(dir, { recursive: true });
    const secretFile = path.join(dir, "secret");
    let secret = await readFileOrNull(secretFile);
    if (secret === null || secret.length !== SECRET_BYTES) {
      secret = randomBytes(SECRET_BYTES);
      await writeFileDurably(secretFile, secret, { mode: 0o600 });
    }
    const usedFile = path.join(dir, "used-upload-tokens.json");
    const saved = await readFileOrNull(usedFile);
    return new StorageKeys(secret, saved ? (JSON.parse(saved.toString("utf8")) as [string, number][]) : [], usedFile);
  }

  private derive(purpose: string): Buffer {
    return createHmac("sha256", this.secret).update(`lwcc-file-storage:${purpose}`).digest();
  }

  /** A token for one upload into `component`'s storage, valid for an hour. */
  uploadToken(component: string): Promise<string> {
    const issued = nowSeconds();
    return new SignJWT({ component })
      .setProtectedHeader({ alg: "HS256" })
      .setJti(randomUUID())
      .setIssuedAt(issued)
      .setExpirationTime(issued + UPLOAD_TOKEN_TTL_SECONDS)
      .sign(this.tokenKey);
  }

  /** Checks a token and reserves it for one upload; throws UploadTokenError when it is forged, expired or used. */
  async claimUploadToken(token: string): Promise<UploadClaim> {
    let payload: { component?: unknown; jti?: string; exp?: number };
    try {
      ({ payload } = await jwtVerify(token, this.tokenKey, { algorithms: ["HS256"] }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new UploadTokenError("StorageTokenExpired", "Store File Authorization expired");
      throw new UploadTokenError("StorageTokenInvalid", "Couldn't decode the StoreFileAuthorization token");
    }
    const { component, jti, exp } = payload;
    if (typeof component !== "string" || typeof jti !== "string" || typeof exp !== "number") {
      throw new UploadTokenError("StorageTokenInvalid", "Couldn't decode the StoreFileAuthorization token");
    }
    if (this.used.has(jti) || this.inFlight.has(jti)) {
      throw new UploadTokenError("StorageTokenInvalid", "This upload URL was already used; generate a new one with storage.generateUploadUrl()");
    }
    this.inFlight.add(jti);
    return {
      component,
      commit: async () => {
        this.inFlight.delete(jti);
        this.used.set(jti, exp);
        await this.saveUsed();
      },
      release: () => void this.inFlight.delete(jti),
    };
  }

  private saveUsed(): Promise<void> {
    const file = this.usedFile;
    if (!file) return Promise.resolve();
    const now = nowSeconds();
    for (const [jti, exp] of this.used) if (exp <= now) this.used.delete(jti);
    // Writes go one after another, each with the whole list as it is then.
    const save = this.saving.then(() => writeFileDurably(file, JSON.stringify([...this.used])));
    this.saving = save.catch(() => {});
    return save;
  }

  private componentTag(component: string): Buffer {
    return this.derive(`component:${component}`).subarray(0, COMPONENT_TAG_BYTES);
  }

  /** The UUID a stored file's URL and `storage.getMetadata` name it by. */
  fileUuid(component: string, storageId: string): string {
    const match = STORAGE_ID.exec(storageId);
    if (!match) throw new Error(`Not a _storage id: ${storageId}`);
    const digits = match[1]!;
    const block = Buffer.alloc(16);
    this.componentTag(component).copy(block, 0);
    block[COMPONENT_TAG_BYTES] = digits.length;
    block.writeBigUInt64BE(BigInt(digits), 8);
    const cipher = createCipheriv("aes-128-ecb", this.uuidKey, null).setAutoPadding(false);
    const hex = Buffer.concat([cipher.update(block), cipher.final()]).toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** The `_storage` id a UUID of `component` names, or null when it names no file of that component. */
  storageIdOf(component: string, uuid: string): string | null {
    if (!isUuid(uuid)) return null;
    const decipher = createDecipheriv("aes-128-ecb", this.uuidKey, null).setAutoPadding(false);
    const block = Buffer.concat([decipher.update(Buffer.from(uuid.replaceAll("-", ""), "hex")), decipher.final()]);
    const length = block[COMPONENT_TAG_BYTES]!;
    if (!block.subarray(0, COMPONENT_TAG_BYTES).equals(this.componentTag(component)) || block[COMPONENT_TAG_BYTES + 1] !== 0) return null;
    const digits = block.readBigUInt64BE(8).toString();
    if (length < 1 || length > 32 || digits.length > length) return null;
    return `${digits.padStart(length, "0")}_storage`;
  }
}
