import { COMMUNITY_RECENT_THREADS } from "@convex/model/forumRules";
import { Link } from "@tanstack/react-router";
import { MessageSquareIcon } from "lucide-react";
import { useState } from "react";
import { ComponentErrorBoundary } from "@/components/layout/error-boundary";
import { SIGN_IN } from "@/components/layout/nav";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { NeedsConvex } from "@/features/auth/convex-on-demand";
import { useViewer } from "@/features/auth/viewer";
import { REGISTER_HREF, TEXT_LINK_CLASS } from "@/features/marketing/links";
import { CheckList, PageColumn, PageHeader, PageSection, WRAPPING_BUTTON_CLASS } from "@/features/marketing/page-parts";
import { timeAgo } from "@/lib/relative-time";
import { useRecentPublic } from "./data";

export const HOUSE_RULES = [
  "Be kind. Everyone here is working with a brain that does things its own way, and so are you.",
  "No medical advice. Share what worked for you, and leave diagnoses and medication to professionals.",
  "Keep others' stories private. What members share here stays here.",
  "No selling. No pitches, affiliate links or promotions, including your own services.",
  "Report rather than reply to a problem. Moderators look at every report; an argument helps no one.",
] as const;

function TitleSkeletons() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only" role="status">
        Loading recent threads
      </span>
      {Array.from({ length: COMMUNITY_RECENT_THREADS }, (_, index) => (
        <Skeleton key={index} className="h-11 w-full max-w-xl" />
      ))}
    </div>
  );
}

/** Titles only, never names or text: visitors see what members talk about, not who says what. */
function RecentThreads() {
  const threads = useRecentPublic();
  const [now] = useState(() => Date.now());
  if (threads === undefined) return <TitleSkeletons />;
  if (threads.length === 0) return <p className="text-muted-foreground">The first conversations are about to start. Be one of the first to say hello.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {threads.map((thread) => (
        <li key={thread._id} className="flex flex-col gap-0.5 rounded-lg border bg-card p-4">
          <span className="font-medium break-words">{thread.title}</span>
          <span className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
            <span>{thread.category}</span>
            <span className="inline-flex items-center gap-1">
              <MessageSquareIcon className="size-4" aria-hidden />
              {thread.replyCount} {thread.replyCount === 1 ? "reply" : "replies"}
            </span>
            <span>active {timeAgo(thread.lastActivityAt, now)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function JoinActions() {
  const viewer = useViewer();
  if (viewer.status === "signed-in") {
    return (
      <Button asChild size="lg" className={WRAPPING_BUTTON_CLASS}>
        <Link to="/forum">Go to the forum</Link>
      </Button>
    );
  }
  return (
    <>
      <Button asChild size="lg" className={WRAPPING_BUTTON_CLASS}>
        <a href={`${REGISTER_HREF}?redirect=${encodeURIComponent("/forum")}`}>Join the community</a>
      </Button>
      <a href={`${SIGN_IN.href}?redirect=${encodeURIComponent("/forum")}`} className={TEXT_LINK_CLASS}>
        Sign in
      </a>
    </>
  );
}

/** /community: what the forum is, its house rules, and what members are talking about lately. Public and prerendered. */
export function CommunityPage() {
  return (
    <PageColumn labelledBy="community-title">
      <PageHeader
        id="community-title"
        eyebrow="Community"
        title="A forum for ADHD entrepreneurs"
        lead="Peer support from people who get it. Ask how others plan their week, share a tool that finally stuck, or just say that today was hard."
      >
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <JoinActions />
        </div>
      </PageHeader>

      <PageSection id="community-what" title="What the forum is">
        <p>
          A calm place for members to talk with each other between coaching sessions. Coaches drop in too, marked with a badge, but most answers come from
          people living the same thing. Members who join the forum post and react; guests can read along.
        </p>
      </PageSection>

      <PageSection id="community-rules" title="House rules">
        <CheckList items={HOUSE_RULES} />
      </PageSection>

      <PageSection id="community-recent" title="Recent conversations">
        <ComponentErrorBoundary>
          <NeedsConvex fallback={<TitleSkeletons />}>
            <RecentThreads />
          </NeedsConvex>
        </ComponentErrorBoundary>
      </PageSection>
    </PageColumn>
  );
}
