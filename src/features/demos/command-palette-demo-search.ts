/** The demo's search parameter, import-free for the route: how many stress-test commands to add. */
export const STRESS_SIZES = [0, 100, 500, 1000] as const;
export const MAX_STRESS_ENTRIES = 1000;

export function validatePaletteDemoSearch(search: Record<string, unknown>): { entries?: number } {
  const entries = Number(search.entries);
  return Number.isInteger(entries) && entries > 0 && entries <= MAX_STRESS_ENTRIES ? { entries } : {};
}

/** What the demo palettes say instead of running a command. */
export const demoRan = (label: string) => `Demo: "${label}" would run here.`;
