import { Outlet } from "@tanstack/react-router";
import { useViewer } from "@/features/auth/viewer";
import { LiveNotifications } from "@/features/notifications/live-notifications";

export function DashboardLayout() {
  const viewer = useViewer();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-12">
      {viewer.status === "signed-in" ? <LiveNotifications /> : null}
      {/* Signed out while here (a deactivated account): the pages' member queries would only be
          refused; the notice above says why and the guard moves on to sign-in once it has ended. */}
      {viewer.status === "signed-out" ? null : <Outlet />}
    </div>
  );
}
