import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { fsyncDir, readFileOrNull, writeFileDurably } from "./fs-util";

const BLOB_ID = /^[A-Za-z0-9_-]{1,200}$/;

/** One file per blob under `<dataDir>/blobs/`, each written atomically and durably. */
export class BlobStore {
  private constructor(private readonly dir: string) {}

  static async open(dataDir: string): Promise<BlobStore> {
    const dir = join(dataDir, "blobs");
    await mkdir(dir, { recursive: true });
    await fsyncDir(dataDir);
    // Temp files are puts that never completed, so their blobs were never acknowledged.
    const leftovers = (await readdir(dir)).filter((name) => name.endsWith(".tmp"));
    await Promise.all(leftovers.map((name) => rm(join(dir, name), { force: true })));
    return new BlobStore(dir);
  }

  async put(id: string, bytes: Uint8Array): Promise<void> {
    await writeFileDurably(this.pathOf(id), bytes);
  }

  async get(id: string): Promise<Uint8Array | null> {
    const buf = await readFileOrNull(this.pathOf(id));
    // A plain Uint8Array view, so callers comparing or serialising it never see Buffer-specific behaviour.
    return buf && new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  async delete(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
    await fsyncDir(this.dir);
  }

  private pathOf(id: string): string {
    if (!BLOB_ID.test(id)) {
      throw new Error(`Invalid blob id ${JSON.stringify(id)}: use 1-200 characters from A-Z, a-z, 0-9, "_" and "-".`);
    }
    return join(this.dir, id);
  }
}
