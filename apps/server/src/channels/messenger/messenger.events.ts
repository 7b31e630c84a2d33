import { z } from "zod";

/** Messenger's webhook body (developers.facebook.com/docs/messenger-platform/webhooks); unknown fields pass. */
const attachment = z.object({
  type: z.string(),
  payload: z.object({ url: z.string().optional(), title: z.string().optional() }).loose().nullable().optional(),
});

const appId = z.union([z.number(), z.string()]).transform(String);

export const MessagingItem = z.object({
  sender: z.object({ id: z.string().min(1) }),
  recipient: z.object({ id: z.string().min(1) }),
  timestamp: z.number(),
  message: z
    .object({
      mid: z.string().min(1),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      app_id: z.union([z.number(), z.string()]).transform(String).optional(),
      metadata: z.string().optional(),
      quick_reply: z.object({ payload: z.string() }).optional(),
      attachments: z.array(attachment).optional(),
    })
    .optional(),
  postback: z.object({ mid: z.string().optional(), title: z.string().default(""), payload: z.string().default("") }).optional(),
  read: z.object({ watermark: z.number() }).optional(),
  delivery: z.object({ mids: z.array(z.string()).optional(), watermark: z.number() }).optional(),
  pass_thread_control: z.object({ new_owner_app_id: appId, previous_owner_app_id: appId.optional(), metadata: z.string().optional() }).loose().optional(),
  take_thread_control: z.object({ previous_owner_app_id: appId, new_owner_app_id: appId.optional(), metadata: z.string().optional() }).loose().optional(),
  /** Holboo's own mark, not Meta's: the item came in `standby` (another app, the Page inbox, controls the thread). */
  holboo_standby: z.boolean().optional(),
});
export type MessagingItem = z.infer<typeof MessagingItem>;

export const MessengerBody = z.object({
  object: z.literal("page"),
  entry: z.array(
    z.object({ id: z.string().min(1), time: z.number(), messaging: z.array(MessagingItem).optional(), standby: z.array(MessagingItem).optional() }),
  ),
});
export type MessengerBody = z.infer<typeof MessengerBody>;

/**
 * An entry's items as Holboo stores them: `messaging` (Holboo controls the thread) and `standby` (another
 * app does, so the virtual agent stays silent), the latter marked; items without an event id are dropped.
 */
export function itemsOf(entry: MessengerBody["entry"][number]) {
  const items = [...(entry.messaging ?? []), ...(entry.standby ?? []).map((item) => ({ ...item, holboo_standby: true }))];
  return items.flatMap((item) => {
    const id = eventIdOf(item);
    return id ? [{ providerEventId: id, orderingKey: customerOf(item), payload: item }] : [];
  });
}

/** The customer of an item: the sender, except on echoes of the Page's own messages. */
export const customerOf = (item: MessagingItem) => (item.message?.is_echo ? item.recipient.id : item.sender.id);

/** A stable id per event, so a redelivery is stored once (mids for messages, watermarks for receipts). */
export function eventIdOf(item: MessagingItem): string | null {
  if (item.message) return `m:${item.message.mid}`;
  if (item.postback) return `p:${item.postback.mid ?? `${item.sender.id}:${item.timestamp}`}`;
  if (item.read) return `r:${item.sender.id}:${item.read.watermark}`;
  if (item.delivery) return `d:${item.sender.id}:${item.delivery.watermark}`;
  if (item.pass_thread_control || item.take_thread_control) return `h:${item.sender.id}:${item.timestamp}`;
  return null;
}
