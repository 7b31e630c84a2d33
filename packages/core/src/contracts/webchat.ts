import { z } from "zod";
import type { ApiErrorBody } from "../errors.ts";
import { clientIdSchema, type MessageView } from "./interactions.ts";
import { LIMITS } from "../limits.ts";
import { WebchatLook } from "./channels.ts";

export const WebchatSessionInput = z.object({
  public_key: z.string().min(8).max(64),
  /** The embedding page's origin, as the loader saw it. */
  host_origin: z.string().max(300).optional(),
  visitor_token: z.string().max(200).optional(),
  /** A site that knows its user signs the id: hex HMAC-SHA256(channel secret, user_id). */
  user_id: z.string().trim().min(1).max(200).optional(),
  user_hash: z.string().max(200).optional(),
  name: z.string().trim().max(120).optional(),
  email: z.string().trim().max(254).optional(),
});
export type WebchatSessionInput = z.infer<typeof WebchatSessionInput>;

export const WebchatConfigView = WebchatLook.extend({ channel_id: z.number().int() });
export type WebchatConfigView = z.infer<typeof WebchatConfigView>;

export const WebchatSessionView = z.object({
  visitor_token: z.string(),
  config: WebchatConfigView,
  interaction: z.object({ id: z.number().int(), status: z.string(), last_seq: z.number().int() }).nullable(),
  /** Someone can answer now: an online person or an active AI agent. Otherwise the widget shows the away message. */
  online: z.boolean(),
});
export type WebchatSessionView = z.infer<typeof WebchatSessionView>;

export const VisitorMessageInput = z
  .object({
    client_id: clientIdSchema,
    text: z.string().max(LIMITS.messageMaxChars, { error: "text_too_long" }).default(""),
    attachment_ids: z
      .array(z.uuid({ error: "file_not_found" }))
      .max(5)
      .default([]),
    /** The FAQ entry the visitor tapped: its answer is shown at once. */
    faq_index: z.number().int().min(0).max(LIMITS.webchatFaqMaxEntries).optional(),
  })
  .refine((value) => value.text.trim() !== "" || value.attachment_ids.length > 0, { error: "message_empty", path: ["text"] });
export type VisitorMessageInput = z.infer<typeof VisitorMessageInput>;

/** The acknowledgement of a visitor's send over the socket (`message` in socket-events.ts). */
export type VisitorSendAck = { message: MessageView } | ApiErrorBody;

export const VisitorEventsQuery = z.object({
  interaction_id: z.coerce.number().int().positive(),
  after: z.coerce.number().int().min(0).default(0),
});

export const VisitorSeenInput = z.object({ interaction_id: z.number().int().positive(), up_to_seq: z.number().int().min(0) });
