import type { Id } from "@convex/_generated/dataModel";
import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { ThreadPage } from "@/features/forum/thread-page";
import { seo } from "@/lib/seo";

/** One forum thread and its replies; the server decides whether the caller may see it. */
export const Route = createFileRoute("/forum/t/$threadId")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Forum thread", noindex: true }),
  component: ThreadRoute,
});

function ThreadRoute() {
  const { threadId } = Route.useParams();
  return <ThreadPage threadId={threadId as Id<"forumThreads">} />;
}
