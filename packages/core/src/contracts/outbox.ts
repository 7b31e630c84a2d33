import { z } from "zod";
import { listQueryBase } from "./common.ts";

/**
 * queued: waiting for (or between tries of) SMTP delivery; kept: no SMTP configured, read it here; withheld: no SMTP
 * configured and the mail carries a sign-in secret for its recipient alone, so only the server's console showed it.
 */
export const OUTBOX_STATUSES = ["queued", "kept", "withheld", "sent", "failed"] as const;
export const OutboxMailView = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** Empty when the mail carries a sign-in secret (a reset or invitation link): no one but its recipient reads it. */
  text: z.string(),
  carries_secret: z.boolean(),
  status: z.enum(OUTBOX_STATUSES),
  created_at: z.string(),
});
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export type OutboxMailView = z.infer<typeof OutboxMailView>;

export const OutboxListQuery = listQueryBase;
export type OutboxListQuery = z.infer<typeof OutboxListQuery>;
