import { createFileRoute } from "@tanstack/react-router";
import { BookingDetailPage } from "@/features/booking/booking-detail-page";
import { BookingErrorBoundary } from "@/features/booking/booking-error-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/dashboard/bookings/$id")({
  head: seo({ title: "Booking", noindex: true }),
  component: BookingRoute,
});

function BookingRoute() {
  const { id } = Route.useParams();
  return (
    <BookingErrorBoundary key={id}>
      <BookingDetailPage id={id} />
    </BookingErrorBoundary>
  );
}
