import { createFileRoute } from "@tanstack/react-router";
import { BookingErrorBoundary } from "@/features/booking/booking-error-page";
import { BookingsPage } from "@/features/booking/bookings-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/bookings/")({
  head: seo({ title: "Bookings", noindex: true }),
  component: () => (
    <BookingErrorBoundary>
      <BookingsPage />
    </BookingErrorBoundary>
  ),
});
