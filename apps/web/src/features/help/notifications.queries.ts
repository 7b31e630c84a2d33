import type { NotificationPreferences, UnreadSummary } from "@holboo/core";
import { http } from "../../lib/http.ts";

export const notificationPreferencesQuery = {
  queryKey: ["me", "notifications"] as const,
  queryFn: () => http.get<NotificationPreferences>("/api/me/notifications"),
};

/** This person's own count (their read positions); `LiveAlerts` refetches it after the events that may change it. */
export const unreadQuery = {
  queryKey: ["interactions", "unread"] as const,
  queryFn: () => http.get<UnreadSummary>("/api/interactions/unread"),
};

/** The browser tab shows how many conversations wait unread: "(3) Holboo". */
export const tabTitle = (base: string, unreadConversations: number) => (unreadConversations > 0 ? `(${unreadConversations}) ${base}` : base);
