import { createFileRoute } from "@tanstack/react-router";
import { AdhdAndLanguagePage } from "@/features/marketing/adhd-and-language-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/adhd-and-language")({
  head: seo({
    title: "ADHD and Language",
    description: "The words we use about ADHD and learning differences, and why we choose them with care.",
  }),
  component: AdhdAndLanguagePage,
});
