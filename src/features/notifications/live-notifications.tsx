import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "@convex/model/notifications";
import { useMutation, useQuery } from "convex/react";
import { useState } from "react";
import { NotificationPanel } from "@/features/dashboard/notification-panel";
import { useNow } from "@/lib/use-now";

/**
 * Notifications that arrive while the member is here pop up, calmly; the ones from before wait
 * on /dashboard/notifications. Dismissing hides a notification here; urgent ones, which never
 * hide by themselves, are also marked read so they don't return on the next visit.
 */
export function LiveNotifications() {
  const [openedAt] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState<ReadonlySet<Id<"notifications">>>(() => new Set());
  const recent = useQuery(api.notifications.recent);
  const preferences = useQuery(api.notifications.preferences);
  const markRead = useMutation(api.notifications.markRead);
  const now = useNow();
  const items = (recent?.items ?? []).filter(
    (item) => !dismissed.has(item._id) && (item.timestamp >= openedAt || item.priority === "urgent"),
  );
  return (
    <NotificationPanel
      notifications={items}
      position={preferences?.position ?? DEFAULT_NOTIFICATION_PREFERENCES.position}
      now={now}
      onDismiss={(id) => {
        setDismissed((previous) => new Set(previous).add(id));
        if (items.find((item) => item._id === id)?.priority === "urgent") void markRead({ notificationId: id });
      }}
      onOpen={(item) => void markRead({ notificationId: item._id })}
    />
  );
}
