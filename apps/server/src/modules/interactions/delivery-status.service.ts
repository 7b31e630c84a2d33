/** A reply's way out through its channel: its status as the delivery job reports it, and the bubble's Retry. */
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { appendEvent } from "./events.repo.ts";
import { findInteraction, lockInteraction } from "./interactions.repo.ts";
import { assertVisible } from "./interactions.policy.ts";
import { findMessage, setMessageDelivery, type MessageRow } from "./messages.repo.ts";
import { publish } from "./publisher.ts";
import type { InteractionRow } from "./interactions.repo.ts";
import { findChannel } from "../../channels/channels.lookup.ts";

/** Whether a reply here leaves through its channel's delivery job; false when the commit itself delivers it (web chat, notes). */
export async function carriedByChannel(ctx: AppContext, interaction: InteractionRow): Promise<boolean> {
  if (!interaction.channelId || !interaction.identityId) return false;
  const channel = await findChannel(ctx.db, interaction.companyId, interaction.channelId);
  return channel ? ctx.channelDelivery.carriesReplies(channel) : false;
}

/** A reply marked `retry` goes back to `sending` and message.sent is recorded again (its delivery), in one transaction. */
export async function redeliver(ctx: AppContext, actor: MemberActor, message: MessageRow): Promise<MessageRow> {
  const visible = assertVisible(actor, await findInteraction(ctx.db, actor.companyId, message.interactionId));
  if (!(await carriedByChannel(ctx, visible))) return message;
  const done = await ctx.db.transaction(async (tx) => {
    const locked = (await lockInteraction(tx, actor.companyId, message.interactionId)) ?? visible;
    const updated = await setMessageDelivery(tx, actor.companyId, message.id, "sending", null);
    const event = await appendEvent(tx, actor.companyId, locked.id, {
      type: "message.status",
      visibleToContact: false,
      payload: { message_ids: [message.id], seqs: [message.seq], status: "sending" },
    });
    await ctx.events.record(tx, "message.sent", { company_id: actor.companyId, interaction_id: locked.id, message_id: message.id });
    return { locked, updated, event };
  });
  publish(ctx, [done.locked], [done.event]);
  return done.updated ?? message;
}

/**
 * The provider took a reply (`sent`, with its id, so a retried job never sends it twice), or the last
 * attempt failed or was refused (`retry`, shown with Retry on the bubble). Only a reply still `sending`.
 */
export async function settleDelivery(ctx: AppContext, companyId: number, messageId: number, status: "sent" | "retry", providerMessageId: string | null) {
  const done = await ctx.db.transaction(async (tx) => {
    const message = await findMessage(tx, companyId, messageId);
    const locked = message ? await lockInteraction(tx, companyId, message.interactionId) : null;
    if (!message || !locked || message.status !== "sending") return null;
    await setMessageDelivery(tx, companyId, message.id, status, providerMessageId);
    const event = await appendEvent(tx, companyId, locked.id, {
      type: "message.status",
      visibleToContact: false,
      payload: { message_ids: [message.id], seqs: [message.seq], status },
    });
    return { locked, event };
  });
  if (done) publish(ctx, [done.locked], [done.event]);
}
