import { useRouterState } from "@tanstack/react-router";

export type RouteTransition = "loading" | "idle";

/** Route transitions are tracked as loading, then idle (SPEC §4). */
export function useRouteTransition(): RouteTransition {
  return useRouterState({ select: (s) => (s.status === "pending" || s.isLoading ? "loading" : "idle") });
}

/** The bar fades in only after 150 ms, so quick page changes stay calm. */
export function RouteProgress() {
  const transition = useRouteTransition();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1" data-route-transition={transition}>
      {transition === "loading" ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="h-full w-full overflow-hidden bg-primary/20 opacity-0 [animation:route-progress-reveal_1ms_150ms_forwards]"
        >
          <div className="h-full w-1/3 animate-[route-progress_1.2s_ease-in-out_infinite] bg-primary motion-reduce:w-full motion-reduce:animate-none" />
        </div>
      ) : null}
    </div>
  );
}
