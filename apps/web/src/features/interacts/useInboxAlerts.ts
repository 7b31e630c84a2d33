import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { alertFor, deliverAlert } from "../help/alerts.ts";
import { notificationPreferencesQuery, tabTitle, unreadQuery } from "../help/notifications.queries.ts";
import type { InboxSocket } from "./useInboxSocket.ts";

/**
 * While the inbox is open: the tab's title counts unread conversations, and a customer's new conversation or
 * message (other than the one being read in a visible tab) plays a sound and shows a browser notification,
 * each as the person chose on their profile.
 */
export function useInboxAlerts(live: InboxSocket, openInteractionId: number | null, open: (interactionId: number) => void) {
  const { t } = useTranslation("help");
  const unread = useQuery(unreadQuery);
  const preferences = useQuery(notificationPreferencesQuery);
  const state = useRef({ openInteractionId, open, preferences: preferences.data, t });
  state.current = { openInteractionId, open, preferences: preferences.data, t };

  const conversations = unread.data?.conversations ?? 0;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, "");
    document.title = tabTitle(base, conversations);
    return () => {
      document.title = base;
    };
  }, [conversations]);

  useEffect(
    () =>
      live.onEvent((event) => {
        const { openInteractionId: reading, preferences: chosen, t: translate, open: show } = state.current;
        const alert = alertFor(event, reading, document.visibilityState === "visible");
        if (!alert || !chosen) return;
        const title = translate(alert.kind === "conversation" ? "alerts.newConversation" : "alerts.newMessage", { name: alert.name });
        deliverAlert(alert, chosen, title, show);
      }),
    [live],
  );
}
