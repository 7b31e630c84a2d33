import { z } from "zod";

/** Viber's callbacks as documented (developers.viber.com/docs/api/rest-bot-api/#callbacks); unknown fields pass. */
const token = z.union([z.number(), z.string()]).transform(String);
const user = z.object({ id: z.string().min(1), name: z.string().default(""), avatar: z.string().optional(), language: z.string().optional() });

export const ViberMessage = z.object({
  type: z.enum(["text", "picture", "video", "file", "sticker", "contact", "url", "location", "rich_media"]),
  text: z.string().optional(),
  media: z.string().optional(),
  file_name: z.string().optional(),
  size: z.number().optional(),
  sticker_id: z.number().optional(),
  location: z.object({ lat: z.number(), lon: z.number() }).optional(),
  contact: z.object({ name: z.string().optional(), phone_number: z.string().optional() }).optional(),
  tracking_data: z.string().optional(),
});
export type ViberMessage = z.infer<typeof ViberMessage>;

export const ViberCallback = z.discriminatedUnion("event", [
  z.object({ event: z.literal("webhook"), timestamp: z.number(), message_token: token }),
  z.object({ event: z.literal("message"), timestamp: z.number(), message_token: token, sender: user, message: ViberMessage }),
  z.object({ event: z.literal("subscribed"), timestamp: z.number(), message_token: token.optional(), user }),
  z.object({ event: z.literal("unsubscribed"), timestamp: z.number(), message_token: token.optional(), user_id: z.string().min(1) }),
  z.object({ event: z.literal("conversation_started"), timestamp: z.number(), message_token: token, user, subscribed: z.boolean().optional() }),
  z.object({
    event: z.enum(["delivered", "seen", "failed"]),
    timestamp: z.number(),
    message_token: token,
    user_id: z.string().min(1),
    desc: z.string().optional(),
  }),
]);
export type ViberCallback = z.infer<typeof ViberCallback>;
