import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { findChannelByWebhookKey } from "../channels.lookup.ts";
import type { ChannelRow } from "../channels.repo.ts";
import { setIdentityUnsubscribed } from "../../modules/contacts/contacts.service.ts";
import type { InboundWebhook, NormalisedInbound, WebhookItems } from "../adapter.ts";
import { InboundMediaSet } from "../inbound-media.ts";
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

/** The kind of a callback, for the log of one that is skipped. */
const kindOf = (body: unknown) => {
  const event = typeof body === "object" && body !== null ? (body as { event?: unknown }).event : undefined;
  return `viber:${typeof event === "string" ? event.slice(0, 40) : "?"}`;
};

/**
 * Events worth storing: messages, subscriptions and receipts. `webhook` (Viber's check) and
 * `conversation_started` (answered in the response) need nothing stored; a callback of another kind, or
 * one that fits no documented shape, is logged and answered 200, since Viber would only send it again.
 */
function eventsOf(body: unknown): WebhookItems {
  const parsed = parse(body);
  if (!parsed.success) {
    const known = ["webhook", "message", "subscribed", "unsubscribed", "conversation_started", "delivered", "seen", "failed"];
    const event = typeof body === "object" && body !== null ? (body as { event?: unknown }).event : undefined;
    const reason = typeof event === "string" && !known.includes(event) ? "ignored" : "invalid";
    return { events: [], skipped: [{ kind: kindOf(body), reason, detail: parsed.error.issues[0]?.path.join(".") }] };
  }
  const callback = parsed.data;
  const one = (providerEventId: string, orderingKey: string): WebhookItems => ({ events: [{ providerEventId, orderingKey, payload: callback }], skipped: [] });
  switch (callback.event) {
    case "message":
      return one(`message:${callback.message_token}`, callback.sender.id);
    case "subscribed":
      return one(`subscribed:${callback.user.id}:${callback.timestamp}`, callback.user.id);
    case "unsubscribed":
      return one(`unsubscribed:${callback.user_id}:${callback.timestamp}`, callback.user_id);
    case "delivered":
    case "seen":
    case "failed":
      return one(`${callback.event}:${callback.message_token}`, callback.user_id);
    default:
      return { events: [], skipped: [] };
  }
}

const MEDIA_NAMES: Record<string, string> = { picture: "picture.jpg", video: "video.mp4", file: "file" };

/** The buttons' texts of a rich-media (carousel) message, when it has no alt_text. */
function richMediaText(message: ViberMessage) {
  const buttons = (message.rich_media as { Buttons?: unknown } | null | undefined)?.Buttons;
  const texts = Array.isArray(buttons)
    ? buttons.flatMap((button) => {
        const { Text, ActionBody, ActionType } = (button ?? {}) as { Text?: unknown; ActionBody?: unknown; ActionType?: unknown };
        const text = typeof Text === "string" ? Text.replace(/<[^>]*>/g, "").trim() : "";
        const link = ActionType === "open-url" && typeof ActionBody === "string" ? ActionBody : "";
        return [text, link].filter(Boolean).join(" ") || [];
      })
    : [];
  return texts.join("\n");
}

/** What a Viber message of any documented type shows in the inbox: its text, the file it carries, or a description. */
async function messageText(ctx: AppContext, channel: ChannelRow, message: ViberMessage) {
  const media = new InboundMediaSet(ctx, channel.companyId);
  const fileType = MEDIA_NAMES[message.type];
  if (fileType && message.media) await media.add(message.media, fileType, message.file_name);
  const caption = ["text", "picture", "video", "url", "file"].includes(message.type) ? (message.text ?? "") : "";
  const described =
    message.type === "location" && message.location
      ? [
          `📍 ${message.location.lat}, ${message.location.lon}`,
          message.location.address,
          `https://www.openstreetmap.org/?mlat=${message.location.lat}&mlon=${message.location.lon}`,
        ]
          .filter(Boolean)
          .join(" ")
      : message.type === "contact" && message.contact
        ? `👤 ${[message.contact.name, message.contact.phone_number].filter(Boolean).join(" ")}`
        : message.type === "sticker"
          ? `🖼 Sticker${message.sticker_id ? ` ${message.sticker_id}` : ""}${message.media ? ` ${message.media}` : ""}`
          : message.type === "url" && message.media && message.media !== caption
            ? message.media
            : message.type === "rich_media"
              ? message.alt_text || richMediaText(message)
              : !fileType && !caption && message.type !== "text"
                ? [message.text, message.media].filter(Boolean).join(" ")
                : "";
  return { text: [caption, described, ...media.notes].filter(Boolean).join("\n"), attachments: media.attachments, pendingMedia: media.pending };
}

async function normalise(payload: unknown, channel: ChannelRow, ctx: AppContext): Promise<NormalisedInbound[]> {
  const parsed = parse(payload);
  if (!parsed.success || parsed.data.event !== "message") return [];
  const { sender, message, message_token } = parsed.data;
  const { text, attachments, pendingMedia } = await messageText(ctx, channel, message);
  if (!text && !attachments.length) {
    ctx.log.info({ channelId: channel.id, type: message.type }, "viber message with nothing to show ignored");
    return [];
  }
  const [firstName = "", ...rest] = sender.name.trim().split(/\s+/);
  return [
    {
      channelId: channel.id,
      externalId: sender.id,
      providerMessageId: `viber:${message_token}`,
      text,
      attachments,
      pendingMedia,
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
  if (callback.event === "delivered") await applyReceipt(ctx, channel.companyId, `viber:${callback.message_token}`, "delivered");
  if (callback.event === "seen") await applyReceipt(ctx, channel.companyId, `viber:${callback.message_token}`, "seen");
  if (callback.event === "failed") await applyReceipt(ctx, channel.companyId, `viber:${callback.message_token}`, "retry");
}

export const viberWebhook: InboundWebhook = {
  async authenticate(ctx, request) {
    const channel = await findChannelByWebhookKey(ctx.db, "viber", request.key);
    const secrets = channel ? channelSecrets<ViberSecrets>(ctx.secrets, channel) : null;
    return channel && secrets && signatureMatches(request.rawBody, secrets.token, request.headers["x-viber-content-signature"]) ? channel : null;
  },
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
