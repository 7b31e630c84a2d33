import type { InteractionEventView } from "@holboo/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { io } from "socket.io-client";
import { alertFor, deliverAlert } from "./alerts.ts";
import { notificationPreferencesQuery, tabTitle, unreadQuery } from "./notifications.queries.ts";

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
  const { t } = useTranslation("shell");
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const unread = useQuery(unreadQuery);
  const preferences = useQuery(notificationPreferencesQuery);
  const state = useRef({ reading: readingInteraction(pathname, search), onInbox: pathname === "/interacts", preferences: preferences.data, t, navigate });
  state.current = { reading: readingInteraction(pathname, search), onInbox: pathname === "/interacts", preferences: preferences.data, t, navigate };

  const conversations = unread.data?.conversations ?? 0;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, "");
    document.title = tabTitle(base, conversations);
    return () => {
      document.title = base;
    };
  }, [conversations]);

  useEffect(() => {
    const live = io({ transports: ["websocket", "polling"], withCredentials: true });
    live.on("interaction.event", (event: InteractionEventView) => {
      const { reading, onInbox, preferences: chosen, t: translate, navigate: go } = state.current;
      // The inbox's own socket refreshes every interaction list (the count among them); elsewhere only the count.
      if (!onInbox) void client.invalidateQueries({ queryKey: unreadQuery.queryKey, exact: true });
      const alert = alertFor(event, reading, document.visibilityState === "visible");
      if (!alert || !chosen) return;
      const title = translate(alert.kind === "conversation" ? "alerts.newConversation" : "alerts.newMessage", { name: alert.name });
      deliverAlert(alert, chosen, title, (id) => void go(`/interacts?id=${id}`));
    });
    return () => {
      live.close();
    };
  }, [client]);
  return null;
}
