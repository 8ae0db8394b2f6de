/**
 * File storage syscalls as Convex answers them, where convex-test's differ or are missing:
 * upload URLs carry a signed token, file URLs and `storage.getMetadata` name files by UUID (and
 * either the UUID or the `_storage` id is accepted back), a bad storage id is an argument error,
 * deleting a missing file fails, and `storage.store` checks the caller's sha256.
 */
import { createHash } from "node:crypto";
import type { JSONValue } from "convex/values";
import type { AsyncSyscall, JsSyscall } from "./convex-test-internals";
import { isUuid, type StorageKeys } from "./storage-keys";

export interface StorageSyscallOptions {
  keys: StorageKeys;
  /** The origin file and upload URLs start with. */
  baseUrl: () => string;
  /** The component of the function running now ("" for the app). */
  component: () => string;
}

/** A `_storage` document as convex-test keeps it (sha256 in base64, as Convex ≥ 1.9 reports). */
interface StorageDocument {
  _id: string;
  sha256: string;
  size: number;
  contentType?: string;
}

const ASYNC_OPS = new Set(["1.0/storageGenerateUploadUrl", "1.0/storageGetUrl", "1.0/storageGetMetadata", "1.0/storageDelete"]);

/** Convex's text for a storage id that is neither an id nor a UUID (the line break is Convex's too). */
function invalidStorageId(method: string, storageId: string): Error {
  return new Error(
    `Invalid argument \`storageId\` for \`${method}\`: Invalid storage ID: "${storageId}". Storage ID should be an\n` +
      `                    Id of '_storage' table, or a UUID string.`,
  );
}

/** The URL path of a component's file: Convex names the component in a query parameter. */
export function fileUrlPath(uuid: string, component: string): string {
  return `/api/storage/${uuid}${component ? `?component=${encodeURIComponent(component)}` : ""}`;
}

/** The base64 digest of some bytes, as `_storage.sha256` and the Digest header carry it. */
export function sha256Base64(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("base64");
}

export class StorageSyscalls {
  constructor(private readonly options: StorageSyscallOptions) {}

  handles(op: string): boolean {
    return ASYNC_OPS.has(op);
  }

  /**
   * The `_storage` id a storage id argument names in the running component: null when it is a
   * well-formed id of no file. `shown` is how Convex prints it in errors.
   */
  private resolve(storageId: unknown, method: string): { id: string | null; shown: string } {
    if (typeof storageId !== "string") throw new Error(`Invalid arguments for \`${method}\`: expected a string storageId`);
    if (isUuid(storageId)) return { id: this.options.keys.storageIdOf(this.options.component(), storageId), shown: storageId.toLowerCase() };
    const table = /^[0-9]+(.+)$/.exec(storageId)?.[1];
    if (table === undefined) throw invalidStorageId(method, storageId);
    if (table !== "_storage") throw new Error("Invalid storage ID. Storage ID cannot be an ID on any table other than '_storage'.");
    return { id: storageId, shown: storageId };
  }

  /** Reads a `_storage` document through `call`, so a query records the read and re-runs when the file goes. */
  private async document(call: AsyncSyscall, id: string | null): Promise<StorageDocument | null> {
    if (id === null) return null;
    return JSON.parse(await call("1.0/get", JSON.stringify({ id, table: "_storage", isSystem: true }))) as StorageDocument | null;
  }

  /** Answers one of the ops `handles` accepts; `call` is the full syscall chain, `next` convex-test's. */
  async async(op: string, json: string, call: AsyncSyscall, next: AsyncSyscall): Promise<string> {
    const args = JSON.parse(json) as { storageId?: unknown };
    const { keys, baseUrl, component } = this.options;
    const answer = (value: JSONValue) => JSON.stringify(value);
    switch (op) {
      case "1.0/storageGenerateUploadUrl":
        return answer(`${baseUrl()}/api/storage/upload?token=${await keys.uploadToken(component())}`);
      case "1.0/storageGetUrl": {
        const doc = await this.document(call, this.resolve(args.storageId, "storage.getUrl").id);
        return answer(doc && `${baseUrl()}${fileUrlPath(keys.fileUuid(component(), doc._id), component())}`);
      }
      case "1.0/storageGetMetadata": {
        const doc = await this.document(call, this.resolve(args.storageId, "storage.getMetadata").id);
        return answer(
          doc && {
            storageId: keys.fileUuid(component(), doc._id),
            // The deprecated getMetadata still reports hex, unlike `_storage.sha256`.
            sha256: Buffer.from(doc.sha256, "base64").toString("hex"),
            size: doc.size,
            contentType: doc.contentType ?? null,
          },
        );
      }
      case "1.0/storageDelete": {
        const { id, shown } = this.resolve(args.storageId, "storage.delete");
        const doc = await this.document(call, id);
        if (!doc) throw new Error(`storage id ${shown} not found`);
        return next(op, JSON.stringify({ ...args, storageId: doc._id }));
      }
      default:
        throw new Error(`Not a storage syscall: ${op}`);
    }
  }

  /** Wraps the blob syscalls of actions: UUIDs for `storage.get`, the sha256 check of `storage.store`. */
  wrapJs(call: AsyncSyscall): (next: JsSyscall) => JsSyscall {
    return (next) => async (op, args) => {
      if (op === "storage/getBlob") {
        const { id } = this.resolve(args.storageId, "storage.get");
        if (id === null) return null;
        const blob = (await next(op, { ...args, storageId: id })) as Blob | null;
        if (!blob || blob.type) return blob;
        // Bytes read back from disk have lost their type; the `_storage` document keeps it.
        const type = (await this.document(call, id))?.contentType;
        return type ? new Blob([blob], { type }) : blob;
      }
      if (op === "storage/storeBlob") {
        const expected = (args.options as { sha256?: string } | undefined)?.sha256;
        if (expected !== undefined) {
          const actual = sha256Base64(new Uint8Array(await (args.blob as Blob).arrayBuffer()));
          if (actual !== expected) throw new Error(`Sha256 mismatch. Expected: ${expected} Actual: ${actual}`);
        }
      }
      return next(op, args);
    };
  }
}
