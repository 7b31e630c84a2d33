import type { MessageView } from "@holboo/core";
import { useState } from "react";
import { notifyError } from "../../lib/api.ts";
import type { OutgoingMessage } from "./Composer.tsx";
import { threadCalls } from "./inbox.queries.ts";
import type { ThreadItem } from "./thread-state.ts";

/** A send not stored yet, shown as the person's own bubble: "sending", or "retry" after it failed. */
function pendingView(interactionId: number, message: OutgoingMessage, failed: boolean): MessageView {
  return {
    id: -1,
    interaction_id: interactionId,
    seq: 0,
    direction: "out",
    sender_type: "user",
    sender: { id: null, name: "" },
    text: message.text,
    attachments: message.attachments,
    status: failed ? "retry" : "sending",
    is_bot: false,
    is_private: message.is_private,
    client_id: message.client_id,
    sent_via: null,
    created_at: new Date().toISOString(),
  };
}

/**
 * The person's outgoing messages until the thread holds them: each shows at once, is sent, and goes once the thread
 * caught up with it (`catchUp`); a failed one stays, to send again. `onSend` runs as a send starts.
 */
export function usePendingSends(interactionId: number, { items, catchUp, onSend }: { items: ThreadItem[]; catchUp: () => Promise<void>; onSend: () => void }) {
  const [pending, setPending] = useState(new Map<string, { message: OutgoingMessage; failed: boolean }>());

  const submit = async (message: OutgoingMessage) => {
    onSend();
    setPending((current) => new Map(current).set(message.client_id, { message, failed: false }));
    try {
      await threadCalls.send(interactionId, message);
      await catchUp();
      setPending((current) => {
        const next = new Map(current);
        next.delete(message.client_id);
        return next;
      });
    } catch (error) {
      notifyError(error);
      setPending((current) => new Map(current).set(message.client_id, { message, failed: true }));
    }
  };

  // A stored reply the provider refused: the same client id asks the server to deliver it again.
  const retryDelivery = (message: MessageView) =>
    message.status === "retry" && message.client_id
      ? () => void submit({ client_id: message.client_id ?? "", text: message.text, attachments: message.attachments, is_private: message.is_private })
      : undefined;

  const stored = new Set(items.flatMap((item) => (item.kind === "message" && item.message.client_id ? [item.message.client_id] : [])));
  const waiting = [...pending.values()]
    .filter(({ message }) => !stored.has(message.client_id))
    .map(({ message, failed }) => ({ view: pendingView(interactionId, message, failed), retry: () => void submit(message) }));

  return { submit, retryDelivery, waiting };
}

export type PendingSends = ReturnType<typeof usePendingSends>;
