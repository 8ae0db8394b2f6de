import { createFileRoute } from "@tanstack/react-router";
import { FreeIntroSessionPage } from "@/features/marketing/free-intro-session-page";
import { validateIntroSearch } from "@/features/marketing/intro-search";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/free-intro-session")({
  validateSearch: validateIntroSearch,
  head: seo({
    title: "Free intro session",
    description: "Book a free 20-minute consultation: a calm conversation about what's in your way, and one clear next step.",
  }),
  component: FreeIntroSessionPage,
});
