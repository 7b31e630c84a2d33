import { z } from "zod";
import { LIMITS } from "../limits.ts";

/** http(s)://host[:port][/path], without credentials in the address. */
const HTTP_URL = /^https?:\/\/[^\s/?#@:]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const httpUrl = (value: string) => HTTP_URL.test(value);

const modelName = z.string().trim().max(LIMITS.modelProviderFieldMaxChars, { error: "text_too_long" });

/** A company's OpenAI-compatible model provider. An omitted api_key keeps the stored one. */
export const ModelProviderInput = z
  .object({
    base_url: z
      .string({ error: "required" })
      .trim()
      .min(1, { error: "required" })
      .max(LIMITS.modelProviderFieldMaxChars, { error: "text_too_long" })
      .refine(httpUrl, { error: "model_provider_url_invalid" })
      .transform((url) => url.replace(/\/+$/, "")),
    api_key: z.string().trim().max(LIMITS.modelProviderFieldMaxChars, { error: "text_too_long" }).optional(),
    chat_model: modelName.default(""),
    embedding_model: modelName.default(""),
  })
  .refine((p) => p.chat_model !== "" || p.embedding_model !== "", { error: "model_provider_model_required", path: ["chat_model"] });
export type ModelProviderInput = z.infer<typeof ModelProviderInput>;

export const ModelProviderView = z.object({
  configured: z.boolean(),
  base_url: z.string(),
  /** The key's last characters only ("…f3a9"), or null when none is stored. */
  api_key_hint: z.string().nullable(),
  chat_model: z.string(),
  embedding_model: z.string(),
  updated_at: z.string().nullable(),
});
export type ModelProviderView = z.infer<typeof ModelProviderView>;

/** "Generate AI reply": a draft for a person from the knowledge of the agent serving the channel, with its sources. */
export const AiDraftView = z.object({
  text: z.string(),
  sources: z.array(z.object({ kind: z.enum(["qa", "passage"]), source_id: z.number().int(), title: z.string() })),
  confidence: z.number(),
});
export type AiDraftView = z.infer<typeof AiDraftView>;

/**
 * "Generate AI reply": what the virtual agent would do with the customer's latest messages, as a draft for a person.
 * answer: a draft to edit and send (`low_confidence`: check it first); choices: several answers fit about as well, as
 * the agent would offer them, each with its text to pick; none: the knowledge has nothing (or the customer asks for a person).
 */
export const AiReplyView = z.discriminatedUnion("kind", [
  AiDraftView.extend({ kind: z.literal("answer"), low_confidence: z.boolean() }),
  z.object({ kind: z.literal("choices"), choices: z.array(AiDraftView.extend({ title: z.string() })), confidence: z.number() }),
  z.object({ kind: z.literal("none"), reason: z.enum(["not_found", "unrelated", "escalate"]) }),
]);
export type AiReplyView = z.infer<typeof AiReplyView>;
