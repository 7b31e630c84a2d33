import { AgentTurnJobPayload } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { Executor } from "../../platform/db/client.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { findMessage } from "../interactions/messages.service.ts";
import type { AgentTurnJob } from "../interactions/messages.repo.ts";
import { isAccessClosed } from "../billing/billing-access.service.ts";
import { escalateToPeople } from "../interactions/ownership.service.ts";
import { agentTurnStatementJob } from "./agent-turn.repo.ts";
import { answerCustomer } from "./virtual-agent.service.ts";

/**
 * The virtual agent's turn after one customer message. Turns of one conversation share a queue, so
 * they run one at a time and in order on whichever process takes them; the reply's client id ties it to
 * the message it answers, so a repeated turn stores nothing twice. If the turn still fails after its
 * retry, people take over: a customer is never left with an agent that cannot answer.
 */
export const agentTurnJob = defineJob<AgentTurnJobPayload, AppContext>({
  id: "answers.agent_turn",
  payload: AgentTurnJobPayload,
  maxAttempts: 2,
  async handler(ctx, payload) {
    // A company whose access is closed (unpaid, ended, suspended) gets no answers; the customer's message is stored all the same.
    if (await isAccessClosed(ctx.db, payload.company_id)) return;
    const message = await findMessage(ctx.db, payload.company_id, payload.message_id);
    if (message) await answerCustomer(ctx, payload.interaction_id, payload.company_id, message);
  },
  async onDead(ctx, payload, error) {
    ctx.log.error({ err: error, interactionId: payload.interaction_id }, "the virtual agent failed; people take over");
    await escalateToPeople(ctx, payload.company_id, payload.interaction_id);
  },
});

const conversationQueue = (interactionId: number) => `conversation:${interactionId}`;

/** Adds the turn in the caller's transaction (the conversation's first message). */
export function addAgentTurn(ctx: AppContext, tx: Executor, turn: AgentTurnJobPayload) {
  return ctx.jobs.add(tx, agentTurnJob, turn, { queue: conversationQueue(turn.interaction_id), key: `agent_turn:${turn.message_id}` });
}

/** The same job from inside the message's own statement (every later message). */
export const agentTurnInStatement =
  (ctx: AppContext): AgentTurnJob =>
  (message) =>
    ctx.jobs.inStatement(agentTurnJob, agentTurnStatementJob(message));
