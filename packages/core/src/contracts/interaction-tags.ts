import { z } from "zod";
import { LIMITS } from "../limits.ts";

export const InteractionTagInput = z.object({
  name: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .min(LIMITS.tagNameMinChars, { error: "tag_name_too_short" })
    .max(LIMITS.tagNameMaxChars, { error: "text_too_long" }),
  description: z.string().trim().max(LIMITS.tagDescriptionMaxChars, { error: "text_too_long" }).default(""),
  important: z.boolean().default(false),
});
export type InteractionTagInput = z.infer<typeof InteractionTagInput>;

export const InteractionTagView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  important: z.boolean(),
  created_at: z.string(),
});
export type InteractionTagView = z.infer<typeof InteractionTagView>;
