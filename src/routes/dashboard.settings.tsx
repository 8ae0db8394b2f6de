import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "@/features/account/settings-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/settings")({
  head: seo({ title: "Settings", noindex: true }),
  component: SettingsPage,
});
