import type { MessageView } from "@holboo/core";
import type { AppContext } from "../context.ts";
import { receiveFromContact, type InboundFromContact } from "../modules/interactions/receive.service.ts";

/**
 * Where every channel hands a customer's message: stored in its conversation with its message.received
 * event, to which the virtual agent's turn subscribes (subscribers.ts). The customer's send is acknowledged
 * without waiting for the answer, which arrives as the next event; a repeat of a stored message records nothing.
 */
export async function acceptFromContact(ctx: AppContext, inbound: InboundFromContact, options: { agent: boolean } = { agent: true }): Promise<MessageView> {
  // `agent: false` (mail imported from a mailbox's past): nothing reacts to it, whoever owns the conversation.
  const received = await receiveFromContact(ctx, inbound, options.agent);
  return received.view;
}
