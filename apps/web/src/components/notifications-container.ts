// Imported only dynamically (NotificationsOnDemand), so the container is split from the app's chunk.
export { Notifications } from "@mantine/notifications";
