import { z } from "zod";
import { listQueryBase } from "./common.ts";

export const OUTBOX_STATUSES = ["kept", "sent", "failed"] as const;
export const OutboxMailView = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  created_at: z.string(),
});
export type OutboxMailView = z.infer<typeof OutboxMailView>;

export const OutboxListQuery = listQueryBase;
export type OutboxListQuery = z.infer<typeof OutboxListQuery>;
