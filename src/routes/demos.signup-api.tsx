import { createFileRoute } from "@tanstack/react-router";
import { SignupApiPlaceholder } from "@/features/demos/signup-api-placeholder";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/signup-api")({
  head: seo({ title: "Signup API placeholder", description: "Where a signup API would be, and how accounts are made instead.", noindex: true }),
  component: SignupApiPlaceholder,
});
