import { sql } from "drizzle-orm";
import type { StatementJob } from "../../platform/jobs/queue.ts";
import type { AgentTurnJob } from "../interactions/messages.repo.ts";

/** The agent turn's payload, queue and key as SQL over the message's own statement (its ids are known only there). */
export const agentTurnStatementJob = (message: Parameters<AgentTurnJob>[0]): StatementJob => ({
  payload: sql`json_build_object('company_id', ${message.companyId}, 'interaction_id', ${message.interactionId}, 'message_id', ${message.messageId})`,
  queue: sql`'conversation:' || ${message.interactionId}`,
  key: sql`'agent_turn:' || ${message.messageId}`,
});
