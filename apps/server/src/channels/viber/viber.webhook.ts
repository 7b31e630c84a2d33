import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { findChannelByWebhookKey } from "../../modules/channels/channels.service.ts";
import type { ChannelRow } from "../../modules/channels/channels.repo.ts";
import { setIdentityUnsubscribed } from "../../modules/contacts/contacts.service.ts";
import type { InboundWebhook, NormalisedInbound, ProviderEvent } from "../adapter.ts";
import { fetchInboundMedia } from "../inbound-media.ts";
import { applyReceipt } from "../receipts.ts";
import { channelSecrets } from "../secrets.ts";
import { ViberCallback, type ViberMessage } from "./viber.callbacks.ts";
import { senderOf, viberConfigOf, type ViberSecrets } from "./viber.config.ts";

/** Viber signs each callback with X-Viber-Content-Signature: HMAC-SHA256 of the raw body, keyed by the bot token. */
function signatureMatches(rawBody: Buffer, token: string, header: string | string[] | undefined) {
  if (typeof header !== "string") return false;
  const expected = Buffer.from(createHmac("sha256", token).update(rawBody).digest("hex"));
  const given = Buffer.from(header.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const parse = (body: unknown) => ViberCallback.safeParse(body);

/** Events worth storing: messages, subscriptions and receipts. `webhook` and `conversation_started` are answered at once. */
function eventsOf(body: unknown): ProviderEvent[] {
  const parsed = parse(body);
  if (!parsed.success) return [];
  const callback = parsed.data;
  switch (callback.event) {
    case "message":
      return [{ providerEventId: `message:${callback.message_token}`, orderingKey: callback.sender.id, payload: callback }];
    case "subscribed":
      return [{ providerEventId: `subscribed:${callback.user.id}:${callback.timestamp}`, orderingKey: callback.user.id, payload: callback }];
    case "unsubscribed":
      return [{ providerEventId: `unsubscribed:${callback.user_id}:${callback.timestamp}`, orderingKey: callback.user_id, payload: callback }];
    case "delivered":
    case "seen":
    case "failed":
      return [{ providerEventId: `${callback.event}:${callback.message_token}`, orderingKey: callback.user_id, payload: callback }];
    default:
      return [];
  }
}

async function messageText(ctx: AppContext, channel: ChannelRow, message: ViberMessage) {
  const notes: string[] = [];
  const attachments = [];
  if ((message.type === "picture" || message.type === "video" || message.type === "file") && message.media) {
    const name = message.file_name ?? (message.type === "picture" ? "picture.jpg" : message.type === "video" ? "video.mp4" : "file");
    const fetched = await fetchInboundMedia(ctx, channel.companyId, message.media, name, "mn");
    if ("attachment" in fetched) attachments.push(fetched.attachment);
    else notes.push(fetched.note);
  }
  const caption = message.type === "picture" || message.type === "video" || message.type === "text" || message.type === "url" ? (message.text ?? "") : "";
  const described =
    message.type === "location" && message.location
      ? `📍 ${message.location.lat}, ${message.location.lon} https://www.openstreetmap.org/?mlat=${message.location.lat}&mlon=${message.location.lon}`
      : message.type === "contact" && message.contact
        ? `👤 ${[message.contact.name, message.contact.phone_number].filter(Boolean).join(" ")}`
        : message.type === "sticker"
          ? `🖼 Sticker${message.media ? ` ${message.media}` : ""}`
          : message.type === "url" && !caption && message.media
            ? message.media
            : "";
  return { text: [caption, described, ...notes].filter(Boolean).join("\n"), attachments };
}

async function normalise(payload: unknown, channel: ChannelRow, ctx: AppContext): Promise<NormalisedInbound[]> {
  const parsed = parse(payload);
  if (!parsed.success || parsed.data.event !== "message") return [];
  const { sender, message, message_token } = parsed.data;
  const { text, attachments } = await messageText(ctx, channel, message);
  if (!text && !attachments.length) return [];
  const [firstName = "", ...rest] = sender.name.trim().split(/\s+/);
  return [
    {
      channelId: channel.id,
      externalId: sender.id,
      providerMessageId: `viber:${message_token}`,
      text,
      attachments,
      profile: { firstName, lastName: rest.join(" ") },
    },
  ];
}

async function apply(ctx: AppContext, payload: unknown, channel: ChannelRow) {
  const parsed = parse(payload);
  if (!parsed.success) return;
  const callback = parsed.data;
  if (callback.event === "unsubscribed") await setIdentityUnsubscribed(ctx.db, channel.companyId, channel.id, callback.user_id, new Date(callback.timestamp));
  // Writing to the bot, or subscribing, puts the person back on the channel.
  if (callback.event === "subscribed") await setIdentityUnsubscribed(ctx.db, channel.companyId, channel.id, callback.user.id, null);
  if (callback.event === "message") await setIdentityUnsubscribed(ctx.db, channel.companyId, channel.id, callback.sender.id, null);
  if (callback.event === "seen") await applyReceipt(ctx, channel.companyId, `viber:${callback.message_token}`, "seen");
  if (callback.event === "failed") await applyReceipt(ctx, channel.companyId, `viber:${callback.message_token}`, "retry");
}

export const viberWebhook: InboundWebhook = {
  async authenticate(ctx, request) {
    const channel = await findChannelByWebhookKey(ctx.db, "viber", request.key);
    const secrets = channel ? channelSecrets<ViberSecrets>(ctx.secrets, channel) : null;
    return channel && secrets && signatureMatches(request.rawBody, secrets.token, request.headers["x-viber-content-signature"]) ? channel : null;
  },
  wellFormed: (body) => parse(body).success,
  events: eventsOf,
  normalise,
  apply,
  /** Viber shows the answer to conversation_started as the welcome message, before the person subscribes. */
  async answer(_ctx, body, channel) {
    const parsed = parse(body);
    const config = viberConfigOf(channel);
    if (!parsed.success || parsed.data.event !== "conversation_started" || !config.welcome) return null;
    return { sender: senderOf(config), type: "text", text: config.welcome, tracking_data: "welcome" };
  },
};
