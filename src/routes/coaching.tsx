import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { CoachingPage } from "@/features/premium/coaching-page";
import { COACHING_TITLE } from "@/features/premium/titles";
import { seo } from "@/lib/seo";

/** The Mastery coaching page: visitors sign in first; the server decides who sees it. */
export const Route = createFileRoute("/coaching")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: COACHING_TITLE, noindex: true }),
  component: CoachingPage,
});
