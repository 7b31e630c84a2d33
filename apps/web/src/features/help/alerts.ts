import { contactDisplayName, type InteractionEventView, type MessageView, type NotificationPreferences } from "@holboo/core";
import type { QueryClient } from "@tanstack/react-query";
import { interactionQuery } from "../interacts/inbox.queries.ts";

export interface Alert {
  /** The first message of a conversation is a new conversation; later ones are new messages. */
  kind: "conversation" | "message";
  interactionId: number;
  name: string;
  text: string;
}

/** A customer's new message that should alert this person: not the one they are reading while the tab is visible. */
export function alertFor(event: InteractionEventView, openInteractionId: number | null, tabVisible: boolean): Alert | null {
  if (event.type !== "message.created") return null;
  const message = event.payload.message as MessageView | undefined;
  if (!message || message.direction !== "in" || message.sender_type !== "contact") return null;
  if (tabVisible && event.interaction_id === openInteractionId) return null;
  return { kind: event.seq <= 1 ? "conversation" : "message", interactionId: event.interaction_id, name: message.sender.name, text: message.text };
}

/**
 * Who the alert is from: the sender's name, or for an anonymous visitor (their message carries none) the conversation's
 * contact named as every screen names them ("Зочин #812"), from the cache or the server.
 */
export async function senderName(client: QueryClient, alert: Alert, language: string): Promise<string> {
  if (alert.name) return alert.name;
  const conversation = await client.fetchQuery(interactionQuery(alert.interactionId)).catch(() => null);
  return conversation ? contactDisplayName(conversation.contact, language === "en" ? "en" : "mn") : "";
}

/** Events after which this person's unread count may differ: a customer's message, or who sees which conversation. */
export function changesUnread(event: InteractionEventView): boolean {
  if (event.type === "message.created") return (event.payload.message as MessageView | undefined)?.direction === "in";
  return event.type === "ownership.changed" || event.type === "interaction.closed" || event.type === "interaction.reopened";
}

/** A short two-tone chime made on the spot (no audio file to download). */
export function playChime() {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  const audio = new Context();
  const now = audio.currentTime;
  [880, 1320].forEach((frequency, index) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + index * 0.15);
    gain.gain.exponentialRampToValueAtTime(0.2, now + index * 0.15 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + index * 0.15 + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start(now + index * 0.15);
    tone.stop(now + index * 0.15 + 0.32);
  });
  window.setTimeout(() => void audio.close(), 800);
}

/** Sound and browser notification, each only when the person has it switched on (and the browser allows it). */
export function deliverAlert(alert: Alert, preferences: NotificationPreferences, title: string, onOpen: (interactionId: number) => void) {
  if (preferences.sound) playChime();
  if (preferences.browser && typeof Notification !== "undefined" && Notification.permission === "granted") {
    const shown = new Notification(title, { body: alert.text.slice(0, 140), tag: `interaction-${alert.interactionId}` });
    shown.onclick = () => {
      window.focus();
      onOpen(alert.interactionId);
      shown.close();
    };
  }
}
