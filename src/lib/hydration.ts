import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/**
 * `current()`, except in the first render over a prerendered page, which shows `prerendered()`
 * (what the build rendered, which may differ by clock or time zone) so that it matches the
 * markup; `current()` follows at once.
 */
export function useAfterHydration<T>(current: () => T, prerendered: () => T): T {
  return useSyncExternalStore(unchanging, current, prerendered);
}
