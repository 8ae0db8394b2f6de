import { createFileRoute } from "@tanstack/react-router";
import { MessagesPage } from "@/features/admin/messages-page";
import { requireSignedIn } from "@/features/auth/redirects";
import { seo } from "@/lib/seo";

/** The admin inbox: visitors sign in first; the page itself checks the role, the server enforces it. */
export const Route = createFileRoute("/admin/messages")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Messages", noindex: true }),
  component: MessagesPage,
});
