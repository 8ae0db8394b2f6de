import { createFileRoute } from "@tanstack/react-router";
import { CommunityPage } from "@/features/forum/community-page";
import { seo } from "@/lib/seo";

/** Public and prerendered: only the recent thread titles read Convex, inside NeedsConvex. */
export const Route = createFileRoute("/community")({
  head: seo({ title: "Community", description: "The LWCC community forum: peer support for entrepreneurs with ADHD, with calm house rules." }),
  component: CommunityPage,
});
