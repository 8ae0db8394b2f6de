import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { HydrationDebug } from "@/features/demos/hydration-debug";
import { seo } from "@/lib/seo";

/** Admins only: visitors sign in first; the page checks the role, the server enforces it. */
export const Route = createFileRoute("/demos/hydration")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Hydration debug", description: "A prerendered page against the client render, and the server's debug data.", noindex: true }),
  component: HydrationDebug,
});
