// Imported only dynamically (NotificationsOnDemand), so the container is split from the app's chunk.
import "@mantine/notifications/styles.css";

export { Notifications } from "@mantine/notifications";
