import type { MessageView } from "@holboo/core";
import type { AppContext } from "../context.ts";
import { addAgentTurn, agentTurnInStatement } from "../modules/answers/agent-turn.job.ts";
import { receiveFromContact, type InboundFromContact } from "../modules/interactions/messages.service.ts";

/**
 * Where every channel hands a customer's message: stored in its conversation and, in a conversation the
 * virtual agent owns, its turn is queued in the same transaction (modules/answers/agent-turn.job.ts). The
 * customer's send is acknowledged without waiting for the answer, which arrives as the next event; a
 * repeat of a stored message queues nothing.
 */
export async function acceptFromContact(ctx: AppContext, inbound: InboundFromContact, options: { agent: boolean } = { agent: true }): Promise<MessageView> {
  // `agent: false` (mail imported from a mailbox's past): no turn is queued, whoever owns the conversation.
  const received = await receiveFromContact(
    ctx,
    inbound,
    options.agent ? { inStatement: agentTurnInStatement(ctx), inTransaction: (tx, turn) => addAgentTurn(ctx, tx, turn) } : undefined,
  );
  return received.view;
}
