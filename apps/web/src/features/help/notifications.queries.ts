import { api } from "../../lib/api.ts";
import { meKeys } from "../../lib/session.ts";
import { interactionKeys } from "../interacts/interactions.keys.ts";

export const notificationPreferencesQuery = {
  queryKey: meKeys.notifications(),
  queryFn: () => api.get("/api/me/notifications"),
};

/** This person's own count (their read positions); `LiveAlerts` refetches it after the events that may change it. */
export const unreadQuery = {
  queryKey: interactionKeys.unread(),
  queryFn: () => api.get("/api/interactions/unread"),
};

/** The browser tab shows how many conversations wait unread: "(3) Holboo". */
export const tabTitle = (base: string, unreadConversations: number) => (unreadConversations > 0 ? `(${unreadConversations}) ${base}` : base);
