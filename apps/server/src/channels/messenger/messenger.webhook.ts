import { createHmac, timingSafeEqual } from "node:crypto";
import type { AttachmentView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { findChannelByAccount } from "../../modules/channels/channels.service.ts";
import type { ChannelRow } from "../../modules/channels/channels.repo.ts";
import { findIdentity } from "../../modules/contacts/contacts.service.ts";
import { findOpenForIdentity } from "../../modules/interactions/interactions.service.ts";
import { markRead, recordProviderReply } from "../../modules/interactions/messages.service.ts";
import type { InboundWebhook, NormalisedInbound, ProviderEvent } from "../adapter.ts";
import { fetchInboundMedia } from "../inbound-media.ts";
import { channelSecrets } from "../secrets.ts";
import { callGraph, GraphRefused } from "./graph.api.ts";
import { customerOf, itemsOf, MessagingItem, MessengerBody } from "./messenger.events.ts";
import { applyHandoverEvent } from "./handover.service.ts";
import type { MessengerSecrets } from "./messenger.config.ts";

/** X-Hub-Signature-256: "sha256=" and the HMAC-SHA256 of the raw body bytes, keyed by the app secret. */
function signatureMatches(rawBody: Buffer, secret: string | undefined, header: string | string[] | undefined) {
  if (!secret || typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(rawBody).digest("hex"));
  const given = Buffer.from(header.slice("sha256=".length).toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A batched body split by Page; a Page no channel has is logged and ignored (Meta would retry an error). */
async function dispatch(ctx: AppContext, request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined>; body: unknown }) {
  if (!signatureMatches(request.rawBody, ctx.config.META_APP_SECRET, request.headers["x-hub-signature-256"])) return null;
  const parsed = MessengerBody.safeParse(request.body);
  if (!parsed.success) return [];
  const groups: Array<{ channel: ChannelRow; events: ProviderEvent[] }> = [];
  for (const entry of parsed.data.entry) {
    const channel = await findChannelByAccount(ctx.db, "messenger", "page_id", entry.id);
    if (!channel) {
      ctx.log.warn({ pageId: entry.id }, "messenger webhook for a Page no channel has");
      continue;
    }
    groups.push({ channel, events: itemsOf(entry) });
  }
  return groups;
}

/** A Messenger customer's name, fetched once, when they first write (User Profile API). */
async function profileOf(ctx: AppContext, channel: ChannelRow, psid: string): Promise<NormalisedInbound["profile"]> {
  if (await findIdentity(ctx.db, channel.id, psid)) return undefined;
  const secrets = channelSecrets<MessengerSecrets>(ctx.secrets, channel);
  if (!secrets) return undefined;
  try {
    const profile = await callGraph<{ first_name?: string; last_name?: string }>(ctx, "GET", psid, {
      fields: "first_name,last_name,profile_pic",
      access_token: secrets.page_token,
    });
    return { firstName: profile.first_name ?? "", lastName: profile.last_name ?? "" };
  } catch (error) {
    // Phone-number accounts and people without profile access have none (2018218): the contact stays unnamed.
    if (error instanceof GraphRefused) return undefined;
    throw error;
  }
}

/** A quick reply's or button's payload is the choice's number, which picks it (agent-replies.ts). */
const choiceOr = (payload: string | undefined, text: string) => (payload && /^\d{1,2}$/.test(payload) ? payload : text);

/** In `standby` another app (the Page inbox) controls the thread: the message is kept for people, the agent stays silent. */
const quietOn = (item: MessagingItem) => (item.holboo_standby ? { agentTurn: false } : {});

async function normalise(payload: unknown, channel: ChannelRow, ctx: AppContext): Promise<NormalisedInbound[]> {
  const parsed = MessagingItem.safeParse(payload);
  if (!parsed.success) return [];
  const item = parsed.data;
  const psid = item.sender.id;
  if (item.postback) {
    const text = choiceOr(item.postback.payload, item.postback.title);
    const id = item.postback.mid ?? `${psid}:${item.timestamp}`;
    return [
      {
        channelId: channel.id,
        externalId: psid,
        providerMessageId: `fb:${id}`,
        text,
        attachments: [],
        profile: await profileOf(ctx, channel, psid),
        ...quietOn(item),
      },
    ];
  }
  if (!item.message || item.message.is_echo) return [];
  const attachments: AttachmentView[] = [];
  const notes: string[] = [];
  for (const file of item.message.attachments ?? []) {
    const url = file.payload?.url;
    if (url && ["image", "video", "audio", "file"].includes(file.type)) {
      const fetched = await fetchInboundMedia(ctx, channel.companyId, url, file.type === "image" ? "image.jpg" : file.type, "mn");
      if ("attachment" in fetched) attachments.push(fetched.attachment);
      else notes.push(fetched.note);
    } else if (url || file.payload?.title) {
      notes.push([file.payload?.title, url].filter(Boolean).join(" "));
    }
  }
  const text = [choiceOr(item.message.quick_reply?.payload, item.message.text ?? ""), ...notes].filter(Boolean).join("\n");
  if (!text && !attachments.length) return [];
  return [
    {
      channelId: channel.id,
      externalId: psid,
      providerMessageId: `fb:${item.message.mid}`,
      text,
      attachments,
      profile: await profileOf(ctx, channel, psid),
      ...quietOn(item),
    },
  ];
}

async function apply(ctx: AppContext, payload: unknown, channel: ChannelRow) {
  const parsed = MessagingItem.safeParse(payload);
  if (!parsed.success) return;
  const item = parsed.data;
  const identity = await findIdentity(ctx.db, channel.id, customerOf(item));
  if (!identity) return;
  if (item.read) {
    // Everything sent up to the watermark was read; replies are sent in order, so the open conversation's are.
    const open = await findOpenForIdentity(ctx.db, channel.companyId, identity.id);
    if (open) await markRead(ctx, open, "contact", open.lastSeq);
  }
  const control = item.pass_thread_control ?? item.take_thread_control;
  if (control) {
    await applyHandoverEvent(ctx, channel, identity, { newOwnerAppId: control.new_owner_app_id ?? null });
  }
  // Echoes of Holboo's own sends carry its app id and are stored already; others come from the Page inbox.
  if (item.message?.is_echo && item.message.app_id !== ctx.config.META_APP_ID && item.message.text) {
    await recordProviderReply(ctx, channel.companyId, identity.id, item.message.text, `fb:${item.message.mid}`);
  }
}

export const messengerWebhook: InboundWebhook = {
  async authenticate(ctx, request) {
    const groups = await dispatch(ctx, { ...request, body: JSON.parse(request.rawBody.toString("utf8")) as unknown });
    return groups?.[0]?.channel ?? null;
  },
  events: (body) => {
    const parsed = MessengerBody.safeParse(body);
    return parsed.success ? parsed.data.entry.flatMap(itemsOf) : [];
  },
  dispatch,
  wellFormed: (body) => MessengerBody.safeParse(body).success,
  normalise,
  apply,
};
