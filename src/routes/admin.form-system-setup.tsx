import { createFileRoute } from "@tanstack/react-router";
import { requireSignedIn } from "@/features/auth/redirects";
import { FormBuilderPage } from "@/features/onboarding/form-builder-page";
import { seo } from "@/lib/seo";

/** The onboarding form builder: visitors sign in first; the page checks the role, the server enforces it. */
export const Route = createFileRoute("/admin/form-system-setup")({
  staticData: { convex: true },
  beforeLoad: requireSignedIn,
  head: seo({ title: "Form system setup", noindex: true }),
  component: FormBuilderPage,
});
