import { Outlet } from "@tanstack/react-router";
import { useViewer } from "@/features/auth/viewer";
import { LiveNotifications } from "@/features/notifications/live-notifications";

/** Replies to followed threads and mentions pop up here too, as on the dashboard, while a member reads the forum. */
export function ForumLayout() {
  const viewer = useViewer();
  return (
    <>
      {viewer.status === "signed-in" ? <LiveNotifications /> : null}
      <Outlet />
    </>
  );
}
