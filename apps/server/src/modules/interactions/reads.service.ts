import type { InteractionReadSignal, UnreadSummary } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { findInteraction, visibleToUser } from "./interactions.repo.ts";
import { assertVisible, seesEveryInteraction } from "./interactions.policy.ts";
import { markRead } from "./messages.service.ts";
import { advanceReadPosition, unreadSummaryFor } from "./reads.repo.ts";

/**
 * A person read a conversation up to a sequence number: the customer's messages show as seen (the widget's read
 * receipts, shared by all staff), and this person's own read position moves, which alone decides their unread
 * counts. Their other tabs hear of it on their own room; nobody else's count changes.
 */
export async function readAsStaff(ctx: AppContext, actor: MemberActor, interactionId: number, upToSeq: number) {
  const interaction = assertVisible(actor, await findInteraction(ctx.db, actor.companyId, interactionId));
  await markRead(ctx, interaction, "staff", upToSeq);
  const position = await advanceReadPosition(ctx.db, actor.companyId, actor.userId, interaction.id, Math.min(upToSeq, interaction.lastSeq));
  if (position !== null) {
    const signal: InteractionReadSignal = { interaction_id: interaction.id, last_read_seq: position };
    ctx.realtime.toStaff([`u${actor.userId}`], "interaction.read", signal);
  }
  return { ok: true as const };
}

/** The tab's unread badge: what this person has not read, over what they may see. */
export function unreadSummary(ctx: AppContext, actor: MemberActor): Promise<UnreadSummary> {
  return unreadSummaryFor(ctx.db, actor.companyId, actor.userId, seesEveryInteraction(actor) ? null : visibleToUser(actor.userId));
}
