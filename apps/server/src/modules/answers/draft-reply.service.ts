import type { AiDraftView } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import { findChannel } from "../channels/channels.service.ts";
import { findInteraction } from "../interactions/interactions.service.ts";
import { assertVisible } from "../interactions/interactions.policy.ts";
import { conversationOf } from "./conversation.ts";
import { primaryAgentId } from "../knowledge/folders.service.ts";

/**
 * "Generate AI reply": the engine drafts an answer to the customer's latest messages for a person to
 * edit and send, from the knowledge of the agent chosen for the channel (the primary agent otherwise).
 */
export async function draftReply(ctx: AppContext, actor: MemberActor, interactionId: number): Promise<AiDraftView> {
  const interaction = assertVisible(actor, await findInteraction(ctx.db, actor.companyId, interactionId));
  const channel = interaction.channelId ? await findChannel(ctx.db, actor.companyId, interaction.channelId) : null;
  const agentId = channel?.agentId ?? (await primaryAgentId(ctx.db, actor.companyId));
  if (!agentId) fail("ai_draft_not_found");
  const conversation = await conversationOf(ctx.db, actor.companyId, interactionId, undefined, 10);
  const draft = (await ctx.answers.draftReply(actor.companyId, agentId ?? 0, conversation)) ?? fail("ai_draft_not_found");
  return {
    text: draft.text,
    sources: draft.sources.map((source) => ({ kind: source.kind, source_id: source.sourceId, title: source.title })),
    confidence: draft.confidence,
  };
}
