import type { AppContext } from "../../context.ts";
import { durable } from "../../platform/events/bus.ts";
import { findMessage } from "../interactions/messages.service.ts";
import { isAccessClosed } from "../billing/billing-access.service.ts";
import { escalateToPeople } from "../interactions/ownership.service.ts";
import { answerCustomer } from "./virtual-agent.service.ts";

/**
 * The virtual agent's turn after one customer message (a subscriber of message.received, in a
 * conversation the agent owns). Turns of one conversation share a queue, so they run one at a time and in
 * order on whichever process takes them; the reply's client id ties it to the message it answers, so a
 * repeated turn stores nothing twice. If the turn still fails after its retry, people take over: a customer
 * is never left with an agent that cannot answer.
 */
export const agentTurnSubscriber = durable<"message.received", AppContext>({
  id: "answers.agent_turn",
  event: "message.received",
  whenField: { field: "owner_type", in: ["ai"] },
  queue: { prefix: "conversation:", field: "interaction_id" },
  key: { prefix: "agent_turn:", field: "message_id" },
  maxAttempts: 2,
  async handle(ctx, received) {
    // A company whose access is closed (unpaid, ended, suspended) gets no answers; the customer's message is stored all the same.
    if (await isAccessClosed(ctx.db, received.company_id)) return;
    const message = await findMessage(ctx.db, received.company_id, received.message_id);
    if (message) await answerCustomer(ctx, received.interaction_id, received.company_id, message);
  },
  async onDead(ctx, received, error) {
    ctx.log.error({ err: error, interactionId: received.interaction_id }, "the virtual agent failed; people take over");
    await escalateToPeople(ctx, received.company_id, received.interaction_id);
  },
});
