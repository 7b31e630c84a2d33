import type { AttachmentView, InteractionEventView, MessageStatus, MessageView } from "@holboo/core";

export interface Bubble {
  key: string;
  seq: number | null;
  mine: boolean;
  text: string;
  attachments: AttachmentView[];
  status: MessageStatus;
  senderName: string;
  isBot: boolean;
  createdAt: string;
}

/**
 * A bot message's closing numbered lines ("1. …", "2. …", to the end): the choices it offers (a clarifying
 * question's, a flow's), which the widget shows as buttons. A reply with the number picks one on the server.
 */
export function splitChoices(text: string): { text: string; choices: string[] } {
  const lines = text.split("\n");
  let start = lines.length - 1;
  while (start >= 0 && !lines[start]?.startsWith("1. ")) start--;
  const rest = start < 0 ? [] : lines.slice(start);
  const numbered = rest.every((line, index) => line.startsWith(`${index + 1}. `) && line.length > `${index + 1}. `.length);
  if (!rest.length || !numbered) return { text, choices: [] };
  return { text: lines.slice(0, start).join("\n"), choices: rest.map((line, index) => line.slice(`${index + 1}. `.length)) };
}

export type Notice = { seq: number; kind: "assigned"; name: string } | { seq: number; kind: "closed" } | { seq: number; kind: "rating"; url: string };

/** The visitor's client id without the server's identity prefix ("v12:abc" → "abc"). */
const ownClientId = (stored: string | null) => (stored ? stored.slice(stored.indexOf(":") + 1) : null);

/**
 * The visitor's view of one interaction, built from its events. Applying an event twice, or a
 * message that was shown optimistically, changes nothing: resync after a reconnect converges.
 */
export class Thread {
  interactionId: number | null = null;
  lastSeq = 0;
  closed = false;
  private readonly applied = new Set<number>();
  private readonly bubbles = new Map<string, Bubble>();
  private readonly idToKey = new Map<number, string>();
  readonly notices: Notice[] = [];

  reset(interactionId: number | null) {
    this.interactionId = interactionId;
    this.lastSeq = 0;
    this.closed = false;
    this.applied.clear();
    this.bubbles.clear();
    this.idToKey.clear();
    this.notices.length = 0;
  }

  addPending(clientId: string, text: string, attachments: AttachmentView[] = []) {
    this.bubbles.set(clientId, {
      key: clientId,
      seq: null,
      mine: true,
      text,
      attachments,
      status: "sending",
      senderName: "",
      isBot: false,
      createdAt: new Date().toISOString(),
    });
  }

  setStatus(clientId: string, status: MessageStatus) {
    const bubble = this.bubbles.get(clientId);
    if (bubble && bubble.seq === null) bubble.status = status;
  }

  /** Applies one event; returns whether anything changed. */
  apply(event: InteractionEventView): boolean {
    if (event.interaction_id !== this.interactionId || this.applied.has(event.seq)) return false;
    this.applied.add(event.seq);
    this.lastSeq = Math.max(this.lastSeq, event.seq);
    const payload = event.payload;
    if (event.type === "message.created") {
      const message = payload.message as MessageView;
      const key = (message.direction === "in" ? ownClientId(message.client_id) : null) ?? `m${message.id}`;
      this.idToKey.set(message.id, key);
      this.bubbles.set(key, {
        key,
        seq: message.seq,
        mine: message.direction === "in",
        text: message.text,
        attachments: message.attachments,
        status: message.status,
        senderName: message.sender.name,
        isBot: message.is_bot,
        createdAt: message.created_at,
      });
    } else if (event.type === "message.status") {
      for (const id of (payload.message_ids as number[] | undefined) ?? []) {
        const bubble = this.bubbles.get(this.idToKey.get(id) ?? "");
        if (bubble) bubble.status = payload.status as MessageStatus;
      }
    } else if (event.type === "ownership.changed") {
      const assignee = payload.assignee as { name: string } | null;
      if (payload.owner_type === "user" && assignee) this.notices.push({ seq: event.seq, kind: "assigned", name: assignee.name.split(" ")[0] ?? "" });
    } else if (event.type === "interaction.closed") {
      this.closed = true;
      this.notices.push({ seq: event.seq, kind: "closed" });
    } else if (event.type === "rating.requested") {
      this.notices.push({ seq: event.seq, kind: "rating", url: String(payload.url) });
    }
    return true;
  }

  /** Bubbles in order: stored ones by sequence, then the ones still being sent. */
  ordered(): Bubble[] {
    const all = [...this.bubbles.values()];
    return [...all.filter((b) => b.seq !== null).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)), ...all.filter((b) => b.seq === null)];
  }
}
