import { randomUUID } from "node:crypto";
import { open, readFile, rename, rm } from "node:fs/promises";
import { dirname } from "node:path";

export function hasErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** Makes creations, renames and deletions inside `dir` durable. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `path` atomically: readers (and recovery after a crash) see either the old file or the complete new one.
 * The temp name ends in ".tmp" and is unique, so concurrent writers never share one and leftovers are recognisable.
 */
export async function writeFileDurably(path: string, data: Uint8Array | string, options: { mode?: number } = {}): Promise<void> {
  const tmp = `${path}.${randomUUID()}.tmp`;
  try {
    // A mode such as 0o600 applies from creation, so a secret is never readable by others, even briefly.
    const handle = await open(tmp, "wx", options.mode ?? 0o666);
    try {
      await handle.writeFile(data);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(tmp, path);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  await fsyncDir(dirname(path));
}

export async function readFileOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if (hasErrorCode(error, "ENOENT")) return null;
    throw error;
  }
}
