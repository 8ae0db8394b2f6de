/** How long the demos' stand-ins for the newsletter and event endpoints take to answer (SPEC §9). */
export const DEMO_DELAY_MS = 100;

/** Waits DEMO_DELAY_MS, then answers `value`: long enough to see a button's busy state. */
export function afterDemoDelay<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), DEMO_DELAY_MS));
}
