import type { AiReplyView } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import { findChannel } from "../../channels/channels.lookup.ts";
import { findInteraction } from "../interactions/interactions.lookup.ts";
import { assertVisible } from "../interactions/interactions.policy.ts";
import type { AnswerSource } from "./answers.engine.ts";
import { conversationOf } from "./conversation.ts";
import { primaryAgentId } from "../knowledge/folders.service.ts";

const presentSources = (sources: AnswerSource[]) => sources.map((source) => ({ kind: source.kind, source_id: source.sourceId, title: source.title }));

/**
 * "Generate AI reply": the agent's own decision (reply-decision.ts) on the customer's latest messages, from the
 * knowledge of the agent chosen for the channel (the primary agent otherwise), as a draft for a person: an answer to
 * edit and send, marked when its confidence is low; the choices the agent would offer, each with its answer to pick;
 * or nothing found. Never one choice picked for them, which would be a confident answer to an ambiguous question.
 */
export async function draftReply(ctx: AppContext, actor: MemberActor, interactionId: number): Promise<AiReplyView> {
  const interaction = assertVisible(actor, await findInteraction(ctx.db, actor.companyId, interactionId));
  const channel = interaction.channelId ? await findChannel(ctx.db, actor.companyId, interaction.channelId) : null;
  const agentId = channel?.agentId ?? (await primaryAgentId(ctx.db, actor.companyId)) ?? fail("ai_draft_not_found");
  const conversation = await conversationOf(ctx.db, actor.companyId, interactionId, undefined, 10);
  const decision = await ctx.answers.replyTo(actor.companyId, agentId, conversation);
  if (!decision) return { kind: "none", reason: "not_found" };
  switch (decision.kind) {
    case "answer":
      return {
        kind: "answer",
        text: decision.text,
        sources: presentSources(decision.sources),
        confidence: decision.confidence,
        low_confidence: decision.lowConfidence,
      };
    case "choices": {
      const answers = await Promise.all(decision.choices.map((choice) => ctx.answers.answerOf(actor.companyId, agentId, choice.id)));
      const choices = decision.choices.flatMap((choice, index) => {
        const answer = answers[index];
        return answer ? [{ title: choice.title, text: answer.text, sources: presentSources(answer.sources), confidence: choice.confidence }] : [];
      });
      return { kind: "choices", choices, confidence: decision.confidence };
    }
    default:
      return { kind: "none", reason: decision.reason };
  }
}
