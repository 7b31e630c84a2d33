import { messagePreview, type AttachmentView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { appendEvent } from "./events.repo.ts";
import { lockInteraction } from "./interactions.repo.ts";
import { findMessage, setMessageContent, setPreviewIfLatest, type MessageRow } from "./messages.repo.ts";
import { publish } from "./publisher.ts";

/**
 * Changes a stored message's text and attachments (a customer's file that arrived after its message) with
 * a `message.updated` event in one transaction, pushed to open screens after commit. `change` sees the
 * message under the conversation's lock and returns null when there is nothing (more) to do.
 */
export async function changeMessageContent(
  ctx: AppContext,
  companyId: number,
  messageId: number,
  change: (message: MessageRow) => { text: string; attachments: AttachmentView[] } | null,
): Promise<boolean> {
  const done = await ctx.db.transaction(async (tx) => {
    const first = await findMessage(tx, companyId, messageId);
    const locked = first ? await lockInteraction(tx, companyId, first.interactionId) : null;
    const message = locked ? await findMessage(tx, companyId, messageId) : null;
    const content = message ? change(message) : null;
    if (!locked || !message || !content) return null;
    await setMessageContent(tx, companyId, message.id, content);
    if (!message.isPrivate) await setPreviewIfLatest(tx, companyId, locked.id, message.seq, messagePreview(content.text, content.attachments));
    const event = await appendEvent(tx, companyId, locked.id, {
      type: "message.updated",
      visibleToContact: !message.isPrivate,
      payload: { message_id: message.id, seq: message.seq, text: content.text, attachments: content.attachments },
    });
    return { locked, event };
  });
  if (done) publish(ctx, [done.locked], [done.event]);
  return done !== null;
}
