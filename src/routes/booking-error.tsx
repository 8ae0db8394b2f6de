import { createFileRoute } from "@tanstack/react-router";
import { BookingErrorPage, validateBookingErrorSearch } from "@/features/booking/booking-error-page";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/booking-error")({
  validateSearch: validateBookingErrorSearch,
  head: seo({ title: "We couldn't load the booking", noindex: true }),
  component: BookingErrorPage,
});
