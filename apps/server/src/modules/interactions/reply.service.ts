/** Replies out to a customer: a person's (or their private note), the virtual agent's, a web-chat FAQ's answer. */
import type { MessageView, SendMessageInput } from "@holboo/core";
import { fullName } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import { findCompanyUser } from "../users/users.lookup.ts";
import type { EventRow } from "./events.repo.ts";
import { findInteraction, lockInteraction, type InteractionRow } from "./interactions.repo.ts";
import { assertMayWork, assertVisible } from "./interactions.policy.ts";
import { presentMessage } from "./interactions.presenter.ts";
import { findByClientId, type MessageRow } from "./messages.repo.ts";
import { carriedByChannel, redeliver } from "./delivery-status.service.ts";
import { changeOwner } from "./ownership.service.ts";
import { loadAttachments, recordMessage } from "./messages.service.ts";
import { publish } from "./publisher.ts";

async function senderName(db: Executor, row: MessageRow): Promise<string> {
  if (!row.senderUserId) return "";
  const user = await findCompanyUser(db, row.companyId, row.senderUserId);
  return user ? fullName(user.firstName, user.lastName) : "";
}

/**
 * A staff reply or private note. The client id makes a repeat return the first result instead of storing
 * it twice; a repeat of a reply whose delivery failed (the bubble's Retry) hands it to its channel again.
 */
export async function sendAsStaff(ctx: AppContext, actor: MemberActor, interactionId: number, input: SendMessageInput): Promise<MessageView> {
  const existing = await findByClientId(ctx.db, actor.companyId, input.client_id);
  if (existing) {
    if (existing.interactionId !== interactionId) fail("invalid_parameters");
    const row = existing.status === "retry" ? await redeliver(ctx, actor, existing) : existing;
    return presentMessage(row, await senderName(ctx.db, row));
  }
  const author = (await findCompanyUser(ctx.db, actor.companyId, actor.userId)) ?? fail("unauthorized");
  const visible = assertVisible(actor, await findInteraction(ctx.db, actor.companyId, interactionId));
  const carried = !input.is_private && (await carriedByChannel(ctx, visible));
  const refusal = carried ? await ctx.channelDelivery.cannotSendReason(ctx, visible) : null;
  if (refusal) fail(refusal);
  const result = await ctx.db
    .transaction(async (tx) => {
      const before = assertVisible(actor, await lockInteraction(tx, actor.companyId, interactionId));
      assertMayWork(actor, before, input.is_private ? "note" : "reply");
      const attachments = await loadAttachments(tx, actor.companyId, input.attachment_ids);
      const events: EventRow[] = [];
      let current = before;
      // Replying to a customer the AI agent or the queue holds makes the person its owner.
      if (!input.is_private && (before.ownerType === "ai" || before.ownerType === "queue")) {
        const change = await changeOwner(ctx, tx, before, { ownerType: "user", assigneeUserId: actor.userId, reason: "taken_over", byUserId: actor.userId });
        current = change.row;
        events.push(...change.events);
      }
      const recorded = await recordMessage(tx, current, {
        direction: "out",
        senderType: "user",
        senderUserId: actor.userId,
        senderName: fullName(author.firstName, author.lastName),
        text: input.text,
        attachments,
        isPrivate: input.is_private,
        isBot: false,
        clientId: input.client_id,
        providerMessageId: null,
        status: carried ? "sending" : "sent",
      });
      events.push(recorded.event);
      if (carried) await ctx.events.record(tx, "message.sent", { company_id: actor.companyId, interaction_id: interactionId, message_id: recorded.row.id });
      return { before, after: recorded.interaction, events, row: recorded.row };
    })
    .catch(async (error: unknown) => {
      // Two retries racing: the loser finds the winner's message.
      const winner = await findByClientId(ctx.db, actor.companyId, input.client_id);
      if (winner) return { before: null, after: null, events: [], row: winner };
      throw error;
    });
  if (result.before && result.after) publish(ctx, [result.before, result.after], result.events);
  return presentMessage(result.row, await senderName(ctx.db, result.row));
}

/**
 * A virtual agent's reply, stored and delivered like a person's and marked as answered by a bot. Only
 * while the agent still owns the open interaction (a person may have taken over meanwhile); the client id
 * ties the reply to the customer message it answers, so answering it again stores nothing.
 */
export async function sendAsVirtualAgent(
  ctx: AppContext,
  interaction: InteractionRow,
  agent: { userId: number; name: string },
  text: string,
  clientId: string,
): Promise<MessageRow | null> {
  const carried = await carriedByChannel(ctx, interaction);
  const result = await ctx.db
    .transaction(async (tx) => {
      const before = await lockInteraction(tx, interaction.companyId, interaction.id);
      if (!before || before.status !== "open" || before.ownerType !== "ai") return null;
      const recorded = await recordMessage(tx, before, {
        direction: "out",
        senderType: "ai",
        senderUserId: agent.userId,
        senderName: agent.name,
        text,
        attachments: [],
        isPrivate: false,
        isBot: true,
        clientId,
        providerMessageId: null,
        status: carried ? "sending" : "sent",
      });
      if (carried)
        await ctx.events.record(tx, "message.sent", { company_id: interaction.companyId, interaction_id: interaction.id, message_id: recorded.row.id });
      return { before, after: recorded.interaction, event: recorded.event, row: recorded.row };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return null;
      throw error;
    });
  if (!result) return null;
  publish(ctx, [result.before, result.after], [result.event]);
  return result.row;
}

/**
 * A web-chat FAQ entry's answer to the visitor who tapped its question: shown at once as a bot message,
 * whoever owns the conversation. The client id ties it to the question, so a repeat stores nothing.
 */
export async function answerFromFaq(ctx: AppContext, interaction: InteractionRow, question: MessageRow, text: string): Promise<MessageRow | null> {
  const recorded = await recordMessage(ctx.db, interaction, {
    direction: "out",
    senderType: "system",
    senderUserId: null,
    senderName: "",
    text,
    attachments: [],
    isPrivate: false,
    isBot: true,
    clientId: `faq:${question.id}`,
    providerMessageId: null,
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) return null;
    throw error;
  });
  if (!recorded) return null;
  publish(ctx, [interaction, recorded.interaction], [recorded.event]);
  return recorded.row;
}
