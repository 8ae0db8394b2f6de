/** Recently used palette commands, newest first, remembered on this device only. */
export const RECENT_STORAGE_KEY = "lwcc_palette_recent";
export const RECENT_LIMIT = 5;

export function readRecent(storage: Pick<Storage, "getItem"> | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string").slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts `id` first; a storage failure (private mode, quota) only loses the memory. */
export function rememberRecent(storage: Pick<Storage, "getItem" | "setItem"> | undefined, id: string): string[] {
  const next = [id, ...readRecent(storage).filter((other) => other !== id)].slice(0, RECENT_LIMIT);
  try {
    storage?.setItem(RECENT_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Remembered for this visit only.
  }
  return next;
}
