import { createFileRoute } from "@tanstack/react-router";
import { RealTimeTest } from "@/features/demos/real-time-test";
import { seo } from "@/lib/seo";

/** Development builds: a live subscription test (admins). Any other build: Access Denied, without loading Convex. */
export const Route = createFileRoute("/demos/real-time")({
  staticData: { convex: import.meta.env.DEV },
  head: seo({ title: "Real-time test", description: "A live Convex subscription test, in development builds only.", noindex: true }),
  component: function RealTimeRoute() {
    return <RealTimeTest />;
  },
});
