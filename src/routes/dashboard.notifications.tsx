import { createFileRoute } from "@tanstack/react-router";
import { NotificationsPage } from "@/features/notifications/notifications-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/notifications")({
  head: seo({ title: "Notifications", noindex: true }),
  component: NotificationsPage,
});
