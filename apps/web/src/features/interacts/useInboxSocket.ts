import type { InteractionEventView } from "@holboo/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { emitStaff, onStaffConnect, onStaffEvent, type StaffPush } from "../../lib/staff-socket.ts";
import { billingKeys } from "../billing/billing.keys.ts";
import { userKeys } from "../settings/users/users.keys.ts";
import { interactionKeys } from "./interactions.keys.ts";

/** The cache patches load with the first push (in order: one module, resolved in call order), off the first screen. */
const cachePatches = () => import("./inbox-cache.ts");
const presencePatch = () => import("../settings/users/presence-cache.ts");

/** Live signals that are not stored events. */
type Signal = "typing" | "contact.presence";

/** What a thread listens to and sends on the shared socket; one object, so effects that depend on it run once. */
const inboxLive = {
  onEvent: (listener: (event: InteractionEventView) => void) => onStaffEvent("interaction.event", listener),
  onSignal: <K extends Signal>(name: K, listener: (signal: StaffPush<K>) => void) => onStaffEvent(name, listener),
  onReconnect: onStaffConnect,
  emit: emitStaff,
};
export type InboxSocket = typeof inboxLive;

/**
 * The inbox on the tab's shared staff socket. Pushed events patch the cached lists and conversation; the lists are
 * fetched once the socket is up (`useLiveReady`) and again after each reconnection, and the open thread asks for
 * what it missed after its last sequence (pushes sent while the socket was away are lost).
 * `reading` is the conversation on screen: its new messages do not count as unread while the tab is visible.
 */
export function useInboxSocket(reading: number | null) {
  const client = useQueryClient();
  const open = useRef(reading);
  useEffect(() => {
    open.current = reading;
  }, [reading]);

  useEffect(() => {
    const offs = [
      onStaffEvent("interaction.event", (event) => {
        const reading = document.visibilityState === "visible" ? open.current : null;
        void cachePatches().then(({ applyInteractionEvent }) => applyInteractionEvent(client, event, reading));
      }),
      onStaffEvent("interaction.read", (signal) => void cachePatches().then(({ applyRead }) => applyRead(client, signal))),
      onStaffConnect(() => {
        void client.invalidateQueries({ queryKey: interactionKeys.lists() });
        void client.invalidateQueries({ queryKey: userKeys.all });
      }),
      // The company's access closed (company_suspended): the billing status reloads and the closed screen shows.
      onStaffEvent("session.ended", () => void client.invalidateQueries({ queryKey: billingKeys.all })),
      onStaffEvent("presence", (signal) => void presencePatch().then(({ applyPresence }) => applyPresence(client, signal))),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [client]);

  return inboxLive;
}
