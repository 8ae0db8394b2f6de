import { randomUUID } from "node:crypto";
import { link, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { hasErrorCode } from "./fs-util";

const LOCK_FILE = "LOCK";
const TAKEOVER_ATTEMPTS = 3;

/**
 * Takes the data-dir lock: `<dir>/LOCK` holding the owner's pid. It is created by hard-linking a fully written
 * temp file, so the lock never exists without its pid. A lock naming a dead process is stale and taken over.
 * Two processes taking over the same stale lock at the same instant can both succeed; that window is accepted.
 * Returns the release function.
 */
export async function acquireLock(dir: string): Promise<() => Promise<void>> {
  const lockPath = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt++) {
    if (await tryCreateLock(lockPath)) return () => rm(lockPath, { force: true });
    const holder = await readHolder(lockPath);
    if (holder !== null && isAlive(holder)) {
      throw new Error(
        `Data dir ${dir} is already open in process ${holder} (lock file ${lockPath}). ` +
          "Stop that process first; only one process may use a data dir at a time.",
      );
    }
    await rm(lockPath, { force: true });
  }
  throw new Error(`Could not take the lock ${lockPath}: another process keeps re-creating it.`);
}

async function tryCreateLock(lockPath: string): Promise<boolean> {
  const tmp = `${lockPath}.${randomUUID()}.tmp`;
  await writeFile(tmp, `${process.pid}\n`);
  try {
    await link(tmp, lockPath);
    return true;
  } catch (error) {
    if (hasErrorCode(error, "EEXIST")) return false;
    throw error;
  } finally {
    await rm(tmp, { force: true });
  }
}

/** The pid in the lock file, or null if it vanished or holds no pid (nothing live can own it then). */
async function readHolder(lockPath: string): Promise<number | null> {
  let text: string;
  try {
    text = await readFile(lockPath, "utf8");
  } catch (error) {
    if (hasErrorCode(error, "ENOENT")) return null;
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to another user.
    return !hasErrorCode(error, "ESRCH");
  }
}
