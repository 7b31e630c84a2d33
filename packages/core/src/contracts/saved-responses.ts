import { z } from "zod";
import { LIMITS } from "../limits.ts";
import { listQueryBase } from "./common.ts";

export const SavedResponseInput = z.object({
  key: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(LIMITS.savedResponseKeyMaxChars, { error: "text_too_long" })
    .regex(/^\S+$/, { error: "saved_response_key_invalid" })
    .transform((key) => key.replace(/^\//, "")),
  text: z.string({ error: "required" }).trim().min(1, { error: "required" }).max(LIMITS.savedResponseTextMaxChars, { error: "text_too_long" }),
});
export type SavedResponseInput = z.infer<typeof SavedResponseInput>;

export const SavedResponseView = z.object({
  id: z.number().int(),
  key: z.string(),
  text: z.string(),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type SavedResponseView = z.infer<typeof SavedResponseView>;

export const SavedResponseListQuery = listQueryBase.extend({ search: z.string().trim().max(100).optional() });
export type SavedResponseListQuery = z.infer<typeof SavedResponseListQuery>;
