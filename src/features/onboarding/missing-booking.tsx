import { ONBOARDING_TEXTS } from "@convex/model/onboarding";
import { Link } from "@tanstack/react-router";
import { SearchXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useViewer } from "@/features/auth/viewer";

/** Without a booking to build on: what happened, calmly, and where to go instead. */
export function MissingBooking() {
  const signedIn = useViewer().status === "signed-in";
  return (
    <div role="alert" className="flex flex-col items-start gap-4 rounded-xl border bg-card p-6">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <SearchXIcon className="size-5 text-primary" aria-hidden />
        {ONBOARDING_TEXTS.missingBookingTitle}
      </h1>
      <p className="text-muted-foreground">{ONBOARDING_TEXTS.missingBookingBody}</p>
      <div className="flex flex-wrap gap-3">
        {signedIn ? (
          <Button asChild>
            <Link to="/dashboard/bookings">See your bookings</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to="/free-intro-session">Book a free intro session</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/contact">Contact us</Link>
        </Button>
      </div>
    </div>
  );
}
