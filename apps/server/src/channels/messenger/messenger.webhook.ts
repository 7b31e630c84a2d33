import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { findChannelByAccount } from "../channels.lookup.ts";
import type { ChannelRow } from "../channels.repo.ts";
import { findIdentity } from "../../modules/contacts/contacts.service.ts";
import { findOpenForIdentity } from "../../modules/interactions/interactions.lookup.ts";
import { findByProviderId, markRead } from "../../modules/interactions/messages.service.ts";
import { recordProviderReply } from "../../modules/interactions/receive.service.ts";
import type { InboundWebhook, NormalisedInbound, ProviderEvent, SkippedItem } from "../adapter.ts";
import { addInboundMediaJobs } from "../inbound-media.job.ts";
import { InboundMediaSet } from "../inbound-media.ts";
import { applyDeliveryWatermark, applyReceipt } from "../receipts.ts";
import { channelSecrets } from "../secrets.ts";
import { callGraph, GraphRefused } from "./graph.api.ts";
import { customerOf, readEntry, StoredItem, type MessengerAttachment } from "./messenger.events.ts";
import { applyHandoverEvent } from "./handover.service.ts";
import { PAGE_INBOX_APP_ID, type MessengerSecrets } from "./messenger.config.ts";

/** X-Hub-Signature-256: "sha256=" and the HMAC-SHA256 of the raw body bytes, keyed by the app secret. */
function signatureMatches(rawBody: Buffer, secret: string | undefined, header: string | string[] | undefined) {
  if (!secret || typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(rawBody).digest("hex"));
  const given = Buffer.from(header.slice("sha256=".length).toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * A signed body split by Page, every entry and item read on its own: an entry of a Page no channel has, an
 * object other than `page` (Instagram's, which this channel does not take) and an item that fits no
 * documented shape are logged and skipped, and the rest is stored. Only a bad signature refuses (null).
 */
async function dispatch(ctx: AppContext, request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined>; body: unknown }) {
  if (!signatureMatches(request.rawBody, ctx.config.META_APP_SECRET, request.headers["x-hub-signature-256"])) return null;
  const groups: Array<{ channel: ChannelRow; events: ProviderEvent[] }> = [];
  const skipped: SkippedItem[] = [];
  const body = asRecord(request.body);
  if (body?.object !== "page") {
    skipped.push({ kind: `object:${String(body?.object ?? "?").slice(0, 40)}`, reason: body && typeof body.object === "string" ? "ignored" : "invalid" });
    return { groups, skipped };
  }
  if (!Array.isArray(body.entry)) return { groups, skipped: [{ kind: "entry", reason: "invalid" as const, detail: "not a list" }] };
  for (const raw of body.entry as unknown[]) {
    const entry = asRecord(raw);
    const pageId = typeof entry?.id === "string" || typeof entry?.id === "number" ? String(entry.id) : "";
    if (!entry || !pageId) {
      skipped.push({ kind: "entry", reason: "invalid", detail: "no Page id" });
      continue;
    }
    if (entry.changes !== undefined) skipped.push({ kind: "entry.changes", reason: "ignored", detail: "Page feed changes" });
    const channel = await findChannelByAccount(ctx.db, "messenger", "page_id", pageId);
    const read = readEntry({ id: pageId, messaging: entry.messaging, standby: entry.standby }, ctx.config.META_APP_ID);
    skipped.push(...read.skipped);
    if (!channel) {
      if (read.events.length) skipped.push({ kind: "entry", reason: "ignored", detail: `Page ${pageId} has no channel` });
      continue;
    }
    groups.push({ channel, events: read.events });
  }
  return { groups, skipped };
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

/** A quick reply's or button's payload is the choice's number, which picks it (packages/core, agent-replies.ts). */
const choiceOr = (payload: string | undefined, text: string) => (payload && /^\d{1,2}$/.test(payload) ? payload : text);

/** In `standby` another app (the Page inbox) controls the thread: the message is kept for people, the agent stays silent. */
const quietOn = (item: StoredItem) => (item.holboo_standby ? { agentTurn: false } : {});

const DOWNLOADED = new Set(["image", "video", "audio", "file"]);
const NAMES: Record<string, string> = { image: "image.jpg", video: "video.mp4", audio: "audio.mp4", file: "file" };

/** One line describing a template Meta echoes or a customer shares (product, media, button, generic). */
function templateLine(payload: Record<string, unknown>) {
  const elements = [
    ...(Array.isArray(payload.elements) ? payload.elements : []),
    ...(Array.isArray(asRecord(payload.product)?.elements) ? (asRecord(payload.product)?.elements as unknown[]) : []),
  ];
  const parts = [typeof payload.text === "string" ? payload.text : ""];
  for (const raw of elements) {
    const element = asRecord(raw) ?? {};
    const media = typeof element.url === "string" ? element.url : typeof element.image_url === "string" ? element.image_url : "";
    parts.push([element.title, element.subtitle, media].filter((part) => typeof part === "string" && part).join(" "));
  }
  for (const raw of Array.isArray(payload.buttons) ? payload.buttons : []) {
    const button = asRecord(raw) ?? {};
    parts.push([button.title, button.url].filter((part) => typeof part === "string" && part).join(" "));
  }
  const text = parts.filter(Boolean).join("\n");
  return text ? `🗂 ${text}` : `🗂 ${typeof payload.template_type === "string" ? payload.template_type : "template"}`;
}

/** One attachment of any documented type: a file downloaded into the message, or a line describing it. */
async function readAttachment(media: InboundMediaSet, file: MessengerAttachment, lines: string[]) {
  const payload = file.payload ?? null;
  const url = payload?.url ?? file.url ?? undefined;
  if (url && DOWNLOADED.has(file.type)) return media.add(url, NAMES[file.type] ?? "file");
  if (file.type === "location" && payload?.coordinates) {
    const { lat, long } = payload.coordinates;
    return lines.push(`📍 ${lat}, ${long} https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}`);
  }
  if (file.type === "template" && payload) return lines.push(templateLine(payload));
  if (file.type === "appointment_booking" && payload) {
    return lines.push(`📅 ${[payload.status, payload.start_time, payload.end_time, payload.timezone].filter((part) => part !== undefined).join(" ")}`);
  }
  const line = [payload?.title ?? file.title, url].filter(Boolean).join(" ");
  if (line) lines.push(line);
}

/** A message's text and files as the inbox shows them (its quick reply's choice, its attachments). */
async function contentOf(ctx: AppContext, channel: ChannelRow, message: NonNullable<StoredItem["message"]>) {
  const media = new InboundMediaSet(ctx, channel.companyId);
  const lines: string[] = [];
  for (const file of message.attachments ?? []) await readAttachment(media, file, lines);
  const text = [choiceOr(message.quick_reply?.payload, message.text ?? ""), ...lines, ...media.notes].filter(Boolean).join("\n");
  return { text, attachments: media.attachments, pendingMedia: media.pending };
}

async function normalise(payload: unknown, channel: ChannelRow, ctx: AppContext): Promise<NormalisedInbound[]> {
  const parsed = StoredItem.safeParse(payload);
  if (!parsed.success) return [];
  const item = parsed.data;
  const psid = customerOf(item);
  const from = async (
    providerMessageId: string,
    content: { text: string; attachments: NormalisedInbound["attachments"]; pendingMedia?: NormalisedInbound["pendingMedia"] },
  ) => [{ channelId: channel.id, externalId: psid, providerMessageId, ...content, profile: await profileOf(ctx, channel, psid), ...quietOn(item) }];
  if (item.postback) {
    const text = choiceOr(item.postback.payload, item.postback.title) || item.postback.payload;
    return text ? from(`fb:${item.postback.mid ?? `${psid}:${item.timestamp}`}`, { text, attachments: [] }) : [];
  }
  // An edited message is shown again as written now, marked, beside the first version.
  if (item.message_edit)
    return from(`fb:${item.message_edit.mid}:edit:${item.message_edit.num_edit}`, { text: `✏️ ${item.message_edit.text}`, attachments: [] });
  if (!item.message || item.message.is_echo) return [];
  const content = await contentOf(ctx, channel, item.message);
  if (!content.text && !content.attachments.length) return [];
  return from(`fb:${item.message.mid}`, content);
}

/** Who sent an echo: Meta's Page inbox (its app id, or none from before v12), or another app of the Page. */
const sentViaOf = (appId: string | null | undefined) => (!appId || appId === PAGE_INBOX_APP_ID ? "page_inbox" : `app:${appId}`);

async function apply(ctx: AppContext, payload: unknown, channel: ChannelRow) {
  const parsed = StoredItem.safeParse(payload);
  if (!parsed.success) return;
  const item = parsed.data;
  const identity = await findIdentity(ctx.db, channel.id, customerOf(item));
  if (!identity) return;
  if (item.read) {
    // Everything sent up to the watermark was read; replies are sent in order, so the open conversation's are.
    const open = await findOpenForIdentity(ctx.db, channel.companyId, identity.id);
    if (open) await markRead(ctx, open, "contact", open.lastSeq);
  }
  if (item.delivery) {
    for (const mid of item.delivery.mids ?? []) await applyReceipt(ctx, channel.companyId, `fb:${mid}`, "delivered");
    const open = await findOpenForIdentity(ctx.db, channel.companyId, identity.id);
    if (open) await applyDeliveryWatermark(ctx, channel.companyId, open.id, new Date(item.delivery.watermark));
  }
  if (item.pass_thread_control) await applyHandoverEvent(ctx, channel, identity, { edge: "pass", newOwnerAppId: item.pass_thread_control.new_owner_app_id });
  if (item.take_thread_control) {
    await applyHandoverEvent(ctx, channel, identity, { edge: "take", newOwnerAppId: item.take_thread_control.new_owner_app_id ?? null });
  }
  // Echoes of Holboo's own sends are not stored (messenger.events.ts); these were written in the Page inbox or another app.
  if (item.message?.is_echo) {
    const content = await contentOf(ctx, channel, item.message);
    if (!content.text && !content.attachments.length) return;
    const providerMessageId = `fb:${item.message.mid}`;
    const row =
      (await recordProviderReply(ctx, channel.companyId, identity.id, {
        text: content.text,
        attachments: content.attachments,
        providerMessageId,
        sentVia: sentViaOf(item.message.app_id),
      })) ?? (await findByProviderId(ctx.db, channel.companyId, providerMessageId));
    if (row && content.pendingMedia.length) await addInboundMediaJobs(ctx, channel.companyId, row.id, content.pendingMedia);
  }
}

/** Meta calls one URL for every Page of the app (POST /webhooks/messenger): `dispatch` finds the channels. */
export const messengerWebhook: InboundWebhook = {
  authenticate: async () => null,
  events: () => ({ events: [], skipped: [] }),
  dispatch,
  normalise,
  apply,
};
