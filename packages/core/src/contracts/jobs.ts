import { z } from "zod";

/**
 * Payloads of the server's background jobs (the queue stores them as JSON): ids only, never copies of
 * the data, so a job always works on the current row and a retried job finds its work done.
 */
const id = z.number().int().positive();

export const NoJobPayload = z.object({});
export const MailJobPayload = z.object({ outbox_id: id });
/** Asks QPay whether an invoice paid through it is paid (billing.qpay_check). */
export const QPayCheckJobPayload = z.object({ invoice_id: id });
export type QPayCheckJobPayload = z.infer<typeof QPayCheckJobPayload>;
export const AgentTurnJobPayload = z.object({ company_id: id, interaction_id: id, message_id: id });
export const DeliveryJobPayload = z.object({ company_id: id, message_id: id });
export const ChannelEventJobPayload = z.object({ company_id: id, event_id: id });
export const ArticlePairsJobPayload = z.object({ company_id: id, article_id: id });
/** Puts a recorded call into its caller's conversation (calls.thread). */
export const CallThreadJobPayload = z.object({ company_id: id, call_id: id });
/** Applies one stored CTI webhook event (calls.cti_event). */
export const CtiEventJobPayload = z.object({ company_id: id, receipt_id: id });
/** Downloads a customer's file a provider could not hand over at first and puts it in its message (channel.media). */
export const InboundMediaJobPayload = z.object({
  company_id: id,
  message_id: id,
  url: z.string().min(1).max(8000),
  name: z.string().min(1).max(255),
  /** The line the message shows until the file arrives, replaced then. */
  note: z.string().min(1).max(9000),
});

/** Fetches a call's voicemail from the PBX and keeps it with the missed call (calls.voicemail_fetch). */
export const VoicemailFetchJobPayload = z.object({ company_id: id, call_id: id });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Rebuild a company's dashboard rollups for the local days [from_day, to_day) (null: unbounded). */
export const DashboardRebuildJobPayload = z.object({ company_id: id, from_day: day.nullable(), to_day: day.nullable() });

export type DashboardRebuildJobPayload = z.infer<typeof DashboardRebuildJobPayload>;
export type MailJobPayload = z.infer<typeof MailJobPayload>;
export type AgentTurnJobPayload = z.infer<typeof AgentTurnJobPayload>;
export type DeliveryJobPayload = z.infer<typeof DeliveryJobPayload>;
export type ChannelEventJobPayload = z.infer<typeof ChannelEventJobPayload>;
export type ArticlePairsJobPayload = z.infer<typeof ArticlePairsJobPayload>;
export type CallThreadJobPayload = z.infer<typeof CallThreadJobPayload>;
export type CtiEventJobPayload = z.infer<typeof CtiEventJobPayload>;
export type InboundMediaJobPayload = z.infer<typeof InboundMediaJobPayload>;

export type VoicemailFetchJobPayload = z.infer<typeof VoicemailFetchJobPayload>;

/** A job that used all its attempts (or was refused for good), as the platform admin panel lists it. */
export const DeadJobView = z.object({
  id: z.string(),
  kind: z.string(),
  queue: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  payload: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeadJobView = z.infer<typeof DeadJobView>;

export const DeadJobIdParams = z.object({ id: z.string().regex(/^\d{1,19}$/, { error: "not_found" }) });
