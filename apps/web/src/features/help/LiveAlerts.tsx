import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { onStaffConnect, useLiveReady, useStaffEvent } from "../../lib/staff-socket.ts";
import { notificationPreferencesQuery, tabTitle, unreadQuery } from "./notifications.queries.ts";

/** Which events alert, the chime and the notification: loaded with the first event, off the first screen. */
const alerts = () => import("./alerts.ts");

/** The conversation open on screen: only the inbox shows one (`/interacts?id=7`). */
export function readingInteraction(pathname: string, search: string): number | null {
  if (pathname !== "/interacts") return null;
  return Number(new URLSearchParams(search).get("id")) || null;
}

/**
 * On every page of the workspace (mounted by the default layout): the tab's title counts unread conversations,
 * and a customer's new conversation or message (other than the one being read in a visible tab) plays a sound
 * and shows a browser notification, each as the person chose on their profile. Clicking one opens it.
 */
export function LiveAlerts() {
  const { t, i18n } = useTranslation("shell");
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Fetched once the socket is up (pushes keep it fresh from then on), and again after each reconnection.
  const unread = useQuery({ ...unreadQuery, enabled: useLiveReady() });
  const preferences = useQuery(notificationPreferencesQuery);
  const reading = readingInteraction(pathname, search);

  const conversations = unread.data?.conversations ?? 0;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, "");
    document.title = tabTitle(base, conversations);
    return () => {
      document.title = base;
    };
  }, [conversations]);

  const refreshCount = () => void client.invalidateQueries({ queryKey: unreadQuery.queryKey, exact: true });
  useStaffEvent("interaction.event", (event) => {
    const visible = document.visibilityState === "visible";
    const chosen = preferences.data;
    void alerts().then(({ alertFor, changesUnread, deliverAlert, senderName }) => {
      if (changesUnread(event)) refreshCount();
      const alert = alertFor(event, reading, visible);
      if (!alert || !chosen) return;
      void senderName(client, alert, i18n.language).then((name) => {
        const title = t(alert.kind === "conversation" ? "alerts.newConversation" : "alerts.newMessage", { name });
        deliverAlert(alert, chosen, title, (id) => void navigate(`/interacts?id=${id}`));
      });
    });
  });
  // Read here or in another of this person's tabs; after a reconnection, pushes may have been missed.
  useStaffEvent("interaction.read", refreshCount);
  useEffect(() => onStaffConnect(() => void client.invalidateQueries({ queryKey: unreadQuery.queryKey, exact: true })), [client]);
  return null;
}
