import { act, renderHook } from "@testing-library/react";
import { usePrefersReducedMotion } from "./use-reduced-motion";

describe("usePrefersReducedMotion", () => {
  it("follows the system setting, also when it changes", () => {
    let reduce = true;
    const listeners = new Set<() => void>();
    window.matchMedia = (query: string) =>
      ({
        media: query,
        get matches() {
          return query === "(prefers-reduced-motion: reduce)" && reduce;
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList;

    const { result, unmount } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(true);

    reduce = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(result.current).toBe(false);

    unmount();
    expect(listeners.size).toBe(0);
  });
});
