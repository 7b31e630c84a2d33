import type { MessageView } from "@holboo/core";
import type { AppContext } from "../platform/context.ts";
import { answerCustomer } from "../modules/answers/virtual-agent.service.ts";
import { receiveFromContact, type InboundFromContact } from "../modules/interactions/messages.service.ts";
import { escalateToPeople } from "../modules/interactions/ownership.service.ts";

/** The virtual agent's turns per conversation, one after another, so quick messages get answers in order. */
const turns = new Map<number, Promise<void>>();

/**
 * Where every channel hands a customer's message: stored in its conversation, then, in a conversation
 * the virtual agent owns, answered by it. The customer's send is acknowledged without waiting for the
 * answer, which arrives as the next event; a repeat of a stored message is not answered again.
 */
export async function acceptFromContact(ctx: AppContext, inbound: InboundFromContact): Promise<MessageView> {
  const received = await receiveFromContact(ctx, inbound);
  const interaction = received.interaction;
  if (interaction?.ownerType === "ai") {
    const turn = (turns.get(interaction.id) ?? Promise.resolve())
      .then(() => answerCustomer(ctx, interaction.id, interaction.companyId, received.row))
      .catch(async (error: unknown) => {
        // Never leave the customer with an agent that cannot answer.
        ctx.log.error({ err: error, interactionId: interaction.id }, "the virtual agent failed; people take over");
        await escalateToPeople(ctx, interaction.companyId, interaction.id).catch(() => undefined);
      })
      .finally(() => {
        if (turns.get(interaction.id) === turn) turns.delete(interaction.id);
      });
    turns.set(interaction.id, turn);
  }
  return received.view;
}
