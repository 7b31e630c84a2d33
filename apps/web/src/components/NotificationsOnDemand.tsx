import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";
import { withLaterStyles } from "../app/later-styles.ts";

/** Mantine's container, its transitions and drag handling: a chunk of their own. */
const Notifications = lazy(() => withLaterStyles(import("./notifications-container.ts")).then((m) => ({ default: m.Notifications })));

/**
 * The notification container, loaded with the first notification rather than with the app: most
 * first screens show none. Notifications shown before it is mounted wait in Mantine's store.
 */
export function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
