import type { NotificationPreferences } from "@holboo/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, notifyError } from "../../lib/api.ts";
import { meKeys } from "../../lib/session.ts";
import { interactionKeys } from "../interacts/interactions.keys.ts";

export const notificationPreferencesQuery = {
  queryKey: meKeys.notifications(),
  queryFn: () => api.get("/api/me/notifications"),
};

/** Saves my alert switches; the answer is the stored preferences, kept as the cached ones. */
export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (next: NotificationPreferences) => api.put("/api/me/notifications", { body: next }),
    onSuccess: (saved) => client.setQueryData(notificationPreferencesQuery.queryKey, saved),
    onError: notifyError,
  });
}

/** This person's own count (their read positions); `LiveAlerts` refetches it after the events that may change it. */
export const unreadQuery = {
  queryKey: interactionKeys.unread(),
  queryFn: () => api.get("/api/interactions/unread"),
};

/** The browser tab shows how many conversations wait unread: "(3) Holboo". */
export const tabTitle = (base: string, unreadConversations: number) => (unreadConversations > 0 ? `(${unreadConversations}) ${base}` : base);
