import { createFileRoute } from "@tanstack/react-router";
import { BookingErrorBoundary } from "@/features/booking/booking-error-page";
import { BookSessionPage } from "@/features/booking/book-session-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/book-session")({
  head: seo({ title: "Book a session", noindex: true }),
  component: () => (
    <BookingErrorBoundary>
      <BookSessionPage />
    </BookingErrorBoundary>
  ),
});
