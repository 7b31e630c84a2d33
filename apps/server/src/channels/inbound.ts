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
export async function acceptFromContact(ctx: AppContext, inbound: InboundFromContact): Promise<MessageView> {
  const received = await receiveFromContact(ctx, inbound, {
    inStatement: agentTurnInStatement(ctx),
    inTransaction: (tx, turn) => addAgentTurn(ctx, tx, turn),
  });
  return received.view;
}
