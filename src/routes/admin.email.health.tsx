import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { EmailHealthPage } from "@/features/email-system/email-health-page";
import { seo } from "@/lib/seo";
import { EMAIL_HEALTH_TITLE } from "@/features/email-system/titles";

/** The campaign system's health on its own page (SPEC §2 "Campaign system health page"). */
export const Route = createFileRoute("/admin/email/health")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: EMAIL_HEALTH_TITLE, noindex: true }),
  component: EmailHealthPage,
});
