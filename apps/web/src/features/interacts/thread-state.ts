import type { AttachmentView, InteractionEventView, MessageStatus, MessageView } from "@holboo/core";

export type ThreadItem = { kind: "message"; seq: number; message: MessageView } | { kind: "event"; seq: number; event: InteractionEventView };

/**
 * A staff thread built from the interaction's ordered events. Applying the same event twice changes
 * nothing, so live pushes and the resync after a reconnect converge on the server's exact thread.
 */
export class ThreadState {
  lastSeq = 0;
  private readonly items = new Map<number, ThreadItem>();
  private readonly byMessageId = new Map<number, number>();

  apply(events: InteractionEventView[]): boolean {
    let changed = false;
    for (const event of events) {
      // A message loaded from its page is already here; its number still counts as seen, or the thread would ask for it again.
      this.lastSeq = Math.max(this.lastSeq, event.seq);
      if (this.items.has(event.seq)) continue;
      changed = true;
      if (event.type === "message.created") {
        const message = event.payload.message as MessageView;
        this.byMessageId.set(message.id, event.seq);
        this.items.set(event.seq, { kind: "message", seq: event.seq, message });
      } else {
        this.items.set(event.seq, { kind: "event", seq: event.seq, event });
        if (event.type === "message.status") this.setStatus((event.payload.message_ids as number[]) ?? [], event.payload.status as MessageStatus);
        if (event.type === "message.updated") {
          this.setContent(event.payload.message_id as number, {
            text: event.payload.text as string,
            attachments: event.payload.attachments as AttachmentView[],
          });
        }
      }
    }
    return changed;
  }

  /** Older messages loaded page by page (history); they keep their own sequence numbers. */
  prepend(messages: MessageView[]) {
    for (const message of messages) {
      if (this.items.has(message.seq)) continue;
      this.byMessageId.set(message.id, message.seq);
      this.items.set(message.seq, { kind: "message", seq: message.seq, message });
    }
  }

  private setStatus(ids: number[], status: MessageStatus) {
    for (const id of ids) {
      const seq = this.byMessageId.get(id);
      const item = seq === undefined ? undefined : this.items.get(seq);
      if (item?.kind === "message") this.items.set(seq as number, { ...item, message: { ...item.message, status } });
    }
  }

  /** A message whose text and files changed (a customer's file that arrived after it). */
  private setContent(id: number, content: Pick<MessageView, "text" | "attachments">) {
    const seq = this.byMessageId.get(id);
    const item = seq === undefined ? undefined : this.items.get(seq);
    if (item?.kind === "message") this.items.set(seq as number, { ...item, message: { ...item.message, ...content } });
  }

  ordered(): ThreadItem[] {
    return [...this.items.values()].sort((a, b) => a.seq - b.seq);
  }

  get oldestMessageSeq(): number | null {
    const messages = this.ordered().filter((item) => item.kind === "message");
    return messages[0]?.seq ?? null;
  }
}
