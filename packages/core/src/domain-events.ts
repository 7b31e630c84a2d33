import { z } from "zod";
import { OWNER_TYPES } from "./contracts/interactions.ts";

/**
 * What happens in the product, as facts other features react to (the server's domain-event bus,
 * apps/server/src/platform/events). A payload carries ids only, never copies of rows: a reaction runs
 * later, at least once, and reads the current state. Every payload names its company.
 */
const id = z.number().int().positive();

export const DOMAIN_EVENTS = {
  /** A customer's message was stored in a conversation; `owner_type` is who owned it right after. */
  "message.received": z.object({ company_id: id, interaction_id: id, message_id: id, owner_type: z.enum(OWNER_TYPES) }),
  /** A staff or virtual agent's reply was stored (or a failed one retried) and its channel must carry it out. */
  "message.sent": z.object({ company_id: id, interaction_id: id, message_id: id }),
  /** A new conversation was opened by a customer's first message. */
  "conversation.opened": z.object({ company_id: id, interaction_id: id }),
  /** A conversation changed owner (a person, the queue, the virtual agent). */
  "conversation.assigned": z.object({ company_id: id, interaction_id: id, owner_type: z.enum(OWNER_TYPES), assignee_user_id: id.nullable() }),
  /** A conversation was closed. */
  "conversation.closed": z.object({ company_id: id, interaction_id: id }),
  /** A call was first recorded (ringing, queued or dialled out); its place in the inbox follows. */
  "call.started": z.object({ company_id: id, call_id: id }),
  /** A call was recorded as ended (answered, missed or abandoned) and belongs in its caller's conversation. */
  "call.ended": z.object({ company_id: id, call_id: id }),
  /** A staff member came online and can take work (a socket connected, or they set themselves back to online). */
  "user.available": z.object({ company_id: id, user_id: id }),
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<Name extends DomainEventName> = z.infer<(typeof DOMAIN_EVENTS)[Name]>;
export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENTS) as DomainEventName[];
