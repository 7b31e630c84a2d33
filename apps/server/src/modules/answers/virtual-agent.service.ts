import { AGENT_REPLIES, clarifyingQuestion, pickedChoice, type Locale } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { findChannel, findServingAgent } from "../../channels/channels.lookup.ts";
import { recordQuestion } from "../knowledge/qa.service.ts";
import { findInteraction, updateInteraction } from "../interactions/interactions.lookup.ts";
import type { InteractionRow } from "../interactions/interactions.repo.ts";
import type { MessageRow } from "../interactions/messages.repo.ts";
import { sendAsVirtualAgent } from "../interactions/reply.service.ts";
import { escalateToPeople } from "../interactions/ownership.service.ts";
import { flowTurn } from "../flows/flow-runtime.service.ts";
import type { EngineResult } from "./answers.engine.ts";
import { conversationOf } from "./conversation.ts";
import { decideReply } from "./reply-decision.ts";

type BotState = NonNullable<InteractionRow["botState"]>;
const FRESH: BotState = { misses: 0, options: [] };
/** Misses in a row (a clarifying question, "not found" or "unrelated") after which people take over. */
const MISSES_BEFORE_PEOPLE = 2;

/** The language the channel's customers are answered in: its adapter knows; Mongolian otherwise. */
async function channelLocale(ctx: AppContext, interaction: InteractionRow): Promise<Locale> {
  const channel = interaction.channelId ? await findChannel(ctx.db, interaction.companyId, interaction.channelId) : null;
  return (channel && (await ctx.channelDelivery.replyLocale(ctx, channel))) ?? "mn";
}

/**
 * The virtual agent's turn after a customer's message in a conversation it owns: it answers from the
 * knowledge of the agent serving the channel, offers a choice when unsure, asks again when it found
 * nothing, and hands over to people when asked for a person or after two misses in a row. Every
 * question it handled is logged for the knowledge base's learning loop.
 */
export async function answerCustomer(ctx: AppContext, interactionId: number, companyId: number, question: MessageRow): Promise<void> {
  const interaction = await findInteraction(ctx.db, companyId, interactionId);
  if (!interaction || interaction.status !== "open" || interaction.ownerType !== "ai" || !interaction.channelId) return;
  const agent = await findServingAgent(ctx.db, companyId, interaction.channelId);
  const locale = await channelLocale(ctx, interaction);
  const replies = AGENT_REPLIES[locale];
  const reply = (text: string) => sendAsVirtualAgent(ctx, interaction, { userId: agent?.userId ?? 0, name: agent?.name ?? "" }, text, `ai:${question.id}`);
  const handOver = async (text: string | null) => {
    if (text && agent) await reply(text);
    await escalateToPeople(ctx, companyId, interactionId);
  };
  // Switched off meanwhile, or a file it cannot read: people answer.
  if (!agent) return handOver(null);
  const text = question.text.trim();
  if (!text) return handOver(replies.fileForPeople);
  // The agent's published flows come first (a matched question, or a reply to a waiting choice); the knowledge answers the rest.
  if (await flowTurn(ctx, interaction, agent, question.id, text)) {
    if (interaction.botState?.misses || interaction.botState?.options.length) await updateInteraction(ctx.db, companyId, interactionId, { botState: FRESH });
    return;
  }

  const state = interaction.botState ?? FRESH;
  const picked = pickedChoice(text, state.options.length);
  const chosen = picked === null ? null : state.options[picked];
  const result: EngineResult =
    (chosen && (await ctx.answers.answerOf(companyId, agent.id, chosen.id))) ??
    (await ctx.answers.ask({ companyId, agentId: agent.id, message: text, recent: await conversationOf(ctx.db, companyId, interactionId, question.seq, 6) }));
  const log = (question: string, outcome: "answered" | "not_found" | "unrelated", confidence: number, source?: { kind: string; sourceId: number }) =>
    recordQuestion(ctx.db, {
      companyId,
      agentId: agent.id,
      interactionId,
      question,
      outcome,
      confidence,
      qaPairId: source?.kind === "qa" ? source.sourceId : null,
      articleId: source?.kind === "passage" ? source.sourceId : null,
    });

  // The same decision drafts staff's "AI reply" (draft-reply.service.ts).
  const decision = decideReply(result);
  if (decision.kind === "none" && decision.reason === "escalate") return handOver(replies.handover);
  if (decision.kind === "answer") {
    // A picked choice answers the question it clarified.
    await log(chosen && state.question ? state.question : text, "answered", decision.confidence, decision.sources[0]);
    await reply(decision.text);
    await updateInteraction(ctx.db, companyId, interactionId, { botState: FRESH });
    return;
  }
  const misses = state.misses + 1;
  // A clarifying choice is logged once the conversation moves on: a pick is "answered", a hand-over "not found".
  const outcome = decision.kind === "choices" ? "not_found" : decision.reason === "unrelated" ? "unrelated" : "not_found";
  if (misses >= MISSES_BEFORE_PEOPLE) {
    if (state.question) await log(state.question, "not_found", 0);
    await log(text, outcome, decision.confidence);
    return handOver(replies.handover);
  }
  if (decision.kind !== "choices") await log(text, outcome, decision.confidence);
  const options = decision.kind === "choices" ? decision.choices.map(({ id, title }) => ({ id, title })) : [];
  await reply(
    decision.kind === "choices"
      ? clarifyingQuestion(
          locale,
          options.map((o) => o.title),
        )
      : outcome === "unrelated"
        ? replies.unrelated
        : replies.notFound,
  );
  await updateInteraction(ctx.db, companyId, interactionId, { botState: { misses, options, ...(decision.kind === "choices" ? { question: text } : {}) } });
}
