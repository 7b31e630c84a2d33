import { z } from "zod";
import { listQueryBase } from "./common.ts";

/** queued: waiting for (or between tries of) SMTP delivery; kept: no SMTP configured, read it here. */
export const OUTBOX_STATUSES = ["queued", "kept", "sent", "failed"] as const;
export const OutboxMailView = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  created_at: z.string(),
});
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export type OutboxMailView = z.infer<typeof OutboxMailView>;

export const OutboxListQuery = listQueryBase;
export type OutboxListQuery = z.infer<typeof OutboxListQuery>;
