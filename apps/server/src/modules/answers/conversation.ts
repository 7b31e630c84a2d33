import type { Executor } from "../../platform/db/client.ts";
import { listMessagesBefore } from "../interactions/messages.service.ts";
import type { RecentMessage } from "./answers.engine.ts";

/** The customer-visible messages of a conversation before a sequence number (or its last ones), oldest first, as the engine reads them. */
export async function conversationOf(
  db: Executor,
  companyId: number,
  interactionId: number,
  beforeSeq: number | undefined,
  limit: number,
): Promise<RecentMessage[]> {
  const rows = await listMessagesBefore(db, companyId, interactionId, beforeSeq, limit, true);
  return rows.reverse().map(({ message }) => ({
    from: message.direction === "in" ? "customer" : message.isBot ? "bot" : "agent",
    text: message.text,
  }));
}
