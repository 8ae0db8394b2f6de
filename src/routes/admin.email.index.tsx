import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { EmailDashboardPage } from "@/features/email-system/email-dashboard-page";
import { validateEmailDashboardSearch } from "@/features/email-system/search";
import { seo } from "@/lib/seo";
import { EMAIL_UI_TEXTS } from "@/features/email-system/texts";

/** The admin e-mail system dashboard; the open tab is in ?tab=. Visitors sign in first; the page checks the role, the server enforces it. */
export const Route = createFileRoute("/admin/email/")({
  staticData: { convex: true },
  validateSearch: validateEmailDashboardSearch,
  beforeLoad: requireSignedIn,
  head: seo({ title: EMAIL_UI_TEXTS.title, noindex: true }),
  component: EmailDashboardPage,
});
