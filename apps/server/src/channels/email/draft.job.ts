import { EmailDraftJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { findServingAgent } from "../channels.lookup.ts";
import { findInteraction } from "../../modules/interactions/interactions.lookup.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import type { RecentMessage } from "../../modules/answers/answers.engine.ts";
import { listMessagesBefore } from "../../modules/interactions/messages.service.ts";
import * as repo from "./email.repo.ts";

/**
 * A mailbox whose virtual agent prepares drafts ("draft" mode): after a customer's mail, the agent drafts
 * the answer from its knowledge (as the composer's "AI reply" would) and keeps it on the thread, where the
 * composer of the person handling the conversation picks it up. Nothing is sent to the customer.
 */
export const emailDraftJob = defineJob<EmailDraftJobPayload, AppContext>({
  id: "email.draft",
  payload: EmailDraftJobPayload,
  maxAttempts: 3,
  async handler(ctx, payload) {
    const interaction = await findInteraction(ctx.db, payload.company_id, payload.interaction_id);
    // Closed, or the agent answers it itself (a conversation it took before the mode changed): no draft.
    if (!interaction || interaction.status !== "open" || interaction.ownerType === "ai" || !interaction.channelId) return;
    const agent = await findServingAgent(ctx.db, payload.company_id, interaction.channelId);
    if (!agent) return;
    const recent = await listMessagesBefore(ctx.db, payload.company_id, payload.interaction_id, undefined, 10, true);
    const conversation: RecentMessage[] = recent.reverse().map(({ message }) => ({
      from: message.direction === "in" ? "customer" : message.isBot ? "bot" : "agent",
      text: message.text,
    }));
    const draft = await ctx.answers.draftReply(payload.company_id, agent.id, conversation);
    await repo.saveThreadDraft(
      ctx.db,
      payload.company_id,
      payload.interaction_id,
      draft && {
        messageId: payload.message_id,
        text: draft.text,
        sources: draft.sources.map((source) => ({ kind: source.kind, sourceId: source.sourceId, title: source.title })),
        confidence: draft.confidence,
      },
    );
  },
});
