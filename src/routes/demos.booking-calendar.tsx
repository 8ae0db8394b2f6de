import { createFileRoute } from "@tanstack/react-router";
import { BookingCalendarDemo } from "@/features/demos/booking-calendar-demo";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/demos/booking-calendar")({
  head: seo({ title: "Booking calendar theme showcase", description: "Pick a July 2025 date, then a time, then confirm.", noindex: true }),
  component: BookingCalendarDemo,
});
