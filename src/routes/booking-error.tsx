import { createFileRoute } from "@tanstack/react-router";
import { BookingErrorPage } from "@/features/booking/booking-error-page";
import { validateBookingErrorSearch } from "@/features/booking/search";
import { seo } from "@/lib/seo";

export const Route = createFileRoute("/booking-error")({
  validateSearch: validateBookingErrorSearch,
  head: seo({ title: "We couldn't load the booking", noindex: true }),
  component: BookingErrorPage,
});
