import { createFileRoute } from "@tanstack/react-router";
import { ContactPage } from "@/features/contact/contact-page";
import { validateContactSearch } from "@/features/contact/contact-topics";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/contact")({
  staticData: { convex: true },
  validateSearch: validateContactSearch,
  head: seo({ title: "Contact", description: "Ask LWCC about coaching, courses or your account. We respond within 24 hours." }),
  component: ContactRoute,
});

function ContactRoute() {
  const { subject } = Route.useSearch();
  // A new subject in the address starts the form afresh with its prefill.
  return <ContactPage key={subject ?? ""} subject={subject} />;
}
