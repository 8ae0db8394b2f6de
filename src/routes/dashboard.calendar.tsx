import { createFileRoute } from "@tanstack/react-router";
import { BookingErrorBoundary } from "@/features/booking/booking-error-page";
import { CalendarPage } from "@/features/booking/calendar-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/calendar")({
  head: seo({ title: "Calendar", noindex: true }),
  component: () => (
    <BookingErrorBoundary>
      <CalendarPage />
    </BookingErrorBoundary>
  ),
});
