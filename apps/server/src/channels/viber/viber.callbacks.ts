import { z } from "zod";

/**
 * Viber's callbacks as documented (developers.viber.com/docs/api/rest-bot-api/#callbacks) and as the
 * official SDKs read them; unknown fields pass. Where the docs and the SDKs differ, both are accepted:
 * `sticker_id` is a string in the docs' example and a number in the SDKs, a file's size is `file_size` in
 * the callback's table and `size` in the SDKs. `message_token` is a 64-bit integer: the webhook's parser
 * keeps its digits (platform/http/raw-body.ts), and it is held as text.
 */
const token = z.union([z.number(), z.string().regex(/^-?\d+$/)]).transform(String);
/** A number as the docs give it, or its digits as a string (an SDK or a proxy that quotes numbers). */
const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const user = z
  .object({
    id: z.string().min(1),
    name: z.string().default(""),
    avatar: z.string().nullish(),
    country: z.string().nullish(),
    language: z.string().nullish(),
    api_version: numeric.nullish(),
  })
  .loose();

export const VIBER_MESSAGE_TYPES = ["text", "picture", "video", "file", "sticker", "contact", "url", "location", "rich_media"] as const;

export const ViberMessage = z
  .object({
    type: z.string().min(1),
    text: z.string().nullish(),
    media: z.string().nullish(),
    thumbnail: z.string().nullish(),
    file_name: z.string().nullish(),
    size: numeric.nullish(),
    file_size: numeric.nullish(),
    duration: numeric.nullish(),
    sticker_id: z.union([z.number(), z.string()]).transform(String).nullish(),
    location: z.object({ lat: numeric, lon: numeric, address: z.string().nullish() }).loose().nullish(),
    contact: z.object({ name: z.string().nullish(), phone_number: z.string().nullish(), avatar: z.string().nullish() }).loose().nullish(),
    rich_media: z.record(z.string(), z.unknown()).nullish(),
    alt_text: z.string().nullish(),
    tracking_data: z.string().nullish(),
  })
  .loose();
export type ViberMessage = z.infer<typeof ViberMessage>;

const base = { timestamp: numeric, message_token: token.nullish(), chat_hostname: z.string().nullish() };

export const ViberCallback = z.discriminatedUnion("event", [
  z.object({ event: z.literal("webhook"), ...base }).loose(),
  z
    .object({
      event: z.literal("message"),
      ...base,
      message_token: token,
      sender: user,
      message: ViberMessage,
      silent: z.boolean().nullish(),
      reply_type: z.string().nullish(),
      chat_id: z.string().nullish(),
    })
    .loose(),
  z.object({ event: z.literal("subscribed"), ...base, user }).loose(),
  z.object({ event: z.literal("unsubscribed"), ...base, user_id: z.string().min(1) }).loose(),
  z
    .object({
      event: z.literal("conversation_started"),
      ...base,
      type: z.string().nullish(),
      context: z.string().nullish(),
      user,
      subscribed: z.boolean().nullish(),
    })
    .loose(),
  z.object({ event: z.enum(["delivered", "seen"]), ...base, message_token: token, user_id: z.string().min(1) }).loose(),
  z.object({ event: z.literal("failed"), ...base, message_token: token, user_id: z.string().min(1), desc: z.string().nullish() }).loose(),
]);
export type ViberCallback = z.infer<typeof ViberCallback>;
