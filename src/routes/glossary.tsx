import { createFileRoute } from "@tanstack/react-router";
import { GlossaryPage } from "@/features/marketing/glossary-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/glossary")({
  head: seo({
    title: "Glossary",
    description: "Plain-language explanations of ADHD and productivity terms. Coming soon.",
  }),
  component: GlossaryPage,
});
