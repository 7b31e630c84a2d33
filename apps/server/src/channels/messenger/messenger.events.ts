import { createHash } from "node:crypto";
import { z } from "zod";
import type { ProviderEvent, SkippedItem } from "../adapter.ts";

/**
 * Messenger's webhook body (developers.facebook.com/docs/messenger-platform/reference/webhook-events),
 * read entry by entry and item by item: an item that fits no documented shape is skipped with a log line,
 * never refusing the items beside it. Unknown fields pass. Ids are text: a number where Meta sends one
 * (app ids) becomes its digits, which the webhook's parser keeps exact (platform/http/raw-body.ts).
 */
const idText = z.union([z.string().min(1), z.number()]).transform(String);
const numeric = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);
/** A person (PSID), or a chat-plugin guest known only by `user_ref`; the Page as recipient. */
const party = z.object({ id: idText.optional(), user_ref: z.string().optional() }).loose();

const attachment = z
  .object({
    type: z.string(),
    payload: z
      .object({
        url: z.string().optional(),
        title: z.string().optional(),
        sticker_id: idText.optional(),
        coordinates: z.object({ lat: z.number(), long: z.number() }).loose().optional(),
      })
      .loose()
      .nullable()
      .optional(),
    /** Fallback attachments (a shared link) carry their title and URL beside the payload. */
    title: z.string().nullable().optional(),
    url: z.string().nullable().optional(),
  })
  .loose();
export type MessengerAttachment = z.infer<typeof attachment>;

const message = z
  .object({
    mid: z.string().min(1),
    text: z.string().optional(),
    is_echo: z.boolean().optional(),
    app_id: idText.nullable().optional(),
    metadata: z.string().optional(),
    quick_reply: z.object({ payload: z.string() }).loose().optional(),
    reply_to: z.object({ mid: z.string() }).loose().optional(),
    attachments: z.array(attachment).optional(),
    is_unsupported: z.boolean().optional(),
  })
  .loose();

const control = z.object({ metadata: z.string().nullable().optional() }).loose();
const common = { sender: party.optional(), recipient: party.optional(), timestamp: numeric.optional() };

/** Each documented item kind, by the key that tells it apart, with its Messenger webhook field. */
const KINDS = {
  message: { field: "messages", schema: z.object({ ...common, message }).loose() },
  message_edit: {
    field: "message_edits",
    schema: z.object({ ...common, message_edit: z.object({ mid: z.string().min(1), text: z.string(), num_edit: numeric }).loose() }).loose(),
  },
  reaction: {
    field: "message_reactions",
    schema: z
      .object({ ...common, reaction: z.object({ mid: z.string().optional(), action: z.string().optional(), emoji: z.string().optional() }).loose() })
      .loose(),
  },
  read: {
    field: "message_reads",
    schema: z.object({ ...common, read: z.object({ watermark: numeric.optional(), mid: z.string().optional() }).loose() }).loose(),
  },
  delivery: {
    field: "message_deliveries",
    schema: z.object({ ...common, delivery: z.object({ mids: z.array(z.string()).nullable().optional(), watermark: numeric }).loose() }).loose(),
  },
  postback: {
    field: "messaging_postbacks",
    schema: z
      .object({ ...common, postback: z.object({ mid: z.string().optional(), title: z.string().default(""), payload: z.string().default("") }).loose() })
      .loose(),
  },
  optin: { field: "messaging_optins", schema: z.object({ ...common, optin: z.object({}).loose() }).loose() },
  referral: { field: "messaging_referrals", schema: z.object({ ...common, referral: z.object({}).loose() }).loose() },
  pass_thread_control: {
    field: "messaging_handovers",
    schema: z
      .object({ ...common, pass_thread_control: control.extend({ new_owner_app_id: idText, previous_owner_app_id: idText.nullable().optional() }) })
      .loose(),
  },
  take_thread_control: {
    field: "messaging_handovers",
    schema: z
      .object({
        ...common,
        take_thread_control: control.extend({ previous_owner_app_id: idText.nullable().optional(), new_owner_app_id: idText.nullable().optional() }),
      })
      .loose(),
  },
  request_thread_control: {
    field: "messaging_handovers",
    schema: z.object({ ...common, request_thread_control: control.extend({ requested_owner_app_id: idText.optional() }) }).loose(),
  },
  app_roles: { field: "messaging_handovers", schema: z.object({ ...common, app_roles: z.record(z.string(), z.unknown()) }).loose() },
  "policy-enforcement": {
    field: "messaging_policy_enforcement",
    schema: z.object({ ...common, "policy-enforcement": z.object({ action: z.string(), reason: z.string().optional() }).loose() }).loose(),
  },
  account_linking: { field: "messaging_account_linking", schema: z.object({ ...common, account_linking: z.object({ status: z.string() }).loose() }).loose() },
  game_play: { field: "messaging_game_plays", schema: z.object({ ...common, game_play: z.object({}).loose() }).loose() },
  messaging_feedback: { field: "messaging_feedback", schema: z.object({ ...common, messaging_feedback: z.object({}).loose() }).loose() },
  checkout_update: { field: "messaging_checkout_updates", schema: z.object({ ...common, checkout_update: z.object({}).loose() }).loose() },
  payment: { field: "messaging_payments", schema: z.object({ ...common, payment: z.object({}).loose() }).loose() },
  pre_checkout: { field: "messaging_pre_checkouts", schema: z.object({ ...common, pre_checkout: z.object({}).loose() }).loose() },
} as const;
type Kind = keyof typeof KINDS;

/** The kinds Holboo acts on (stored, then processed by the job); the others are logged and ignored. */
const HANDLED = new Set<Kind>(["message", "message_edit", "read", "delivery", "postback", "pass_thread_control", "take_thread_control"]);

/** A stored item: Meta's own fields, and Holboo's marks of the customer it concerns and of `standby`. */
export const StoredItem = z
  .object({
    ...common,
    /** Holboo's mark, not Meta's: the customer (PSID) the item concerns. */
    holboo_customer: z.string().optional(),
    /** Holboo's mark, not Meta's: the item came in `standby` (another app, such as the Page inbox, controls the thread). */
    holboo_standby: z.boolean().optional(),
    message: message.optional(),
    message_edit: KINDS.message_edit.schema.shape.message_edit.optional(),
    read: KINDS.read.schema.shape.read.optional(),
    delivery: KINDS.delivery.schema.shape.delivery.optional(),
    postback: KINDS.postback.schema.shape.postback.optional(),
    pass_thread_control: KINDS.pass_thread_control.schema.shape.pass_thread_control.optional(),
    take_thread_control: KINDS.take_thread_control.schema.shape.take_thread_control.optional(),
  })
  .loose();
export type StoredItem = z.infer<typeof StoredItem>;

/** The customer of a stored item: Holboo's mark, or for items stored before it, the sender except on echoes. */
export const customerOf = (item: StoredItem) => item.holboo_customer ?? (item.message?.is_echo ? item.recipient?.id : item.sender?.id) ?? "";

const kindOf = (item: Record<string, unknown>): Kind | null => (Object.keys(KINDS) as Kind[]).find((kind) => item[kind] !== undefined) ?? null;

const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 32);

/** A stable id per event, so a redelivery is stored once (mids for messages, watermarks for receipts). */
function eventIdOf(kind: Kind, item: StoredItem, customer: string): string {
  if (item.message) return `m:${item.message.mid}`;
  if (item.message_edit) return `e:${item.message_edit.mid}:${item.message_edit.num_edit}`;
  if (item.postback) return `p:${item.postback.mid ?? `${customer}:${item.timestamp ?? hashOf(item.postback)}`}`;
  if (item.read) return `r:${customer}:${item.read.watermark ?? item.read.mid ?? hashOf(item.read)}`;
  if (item.delivery) return `d:${customer}:${item.delivery.watermark}`;
  return `h:${kind}:${customer}:${item.timestamp ?? hashOf(item)}`;
}

export interface EntryItems {
  events: ProviderEvent[];
  skipped: SkippedItem[];
}

/**
 * An entry's items as Holboo stores them: `messaging` (Holboo controls the thread) and `standby` (another
 * app does, so the virtual agent stays silent), the latter marked. Each item is checked on its own against
 * its kind's documented shape; the kinds Holboo takes no action on, and echoes of its own app's sends
 * (stored when sent), are ignored.
 */
export function readEntry(entry: { id: string; messaging?: unknown; standby?: unknown }, ownAppId: string | undefined): EntryItems {
  const result: EntryItems = { events: [], skipped: [] };
  const lists: Array<[unknown, boolean]> = [
    [entry.messaging, false],
    [entry.standby, true],
  ];
  for (const [list, standby] of lists) {
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      result.skipped.push({ kind: standby ? "standby" : "messaging", reason: "invalid", detail: "not a list" });
      continue;
    }
    for (const raw of list as unknown[]) readItem(raw, entry.id, standby, ownAppId, result);
  }
  return result;
}

function readItem(raw: unknown, pageId: string, standby: boolean, ownAppId: string | undefined, into: EntryItems) {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return into.skipped.push({ kind: "item", reason: "invalid", detail: "not an object" });
  const kind = kindOf(raw as Record<string, unknown>);
  if (!kind) return into.skipped.push({ kind: "unknown", reason: "invalid", detail: Object.keys(raw).slice(0, 8).join(",") });
  const { field, schema } = KINDS[kind];
  const checked = schema.safeParse(raw);
  if (!checked.success) {
    return into.skipped.push({ kind: field, reason: "invalid", detail: checked.error.issues.map((issue) => issue.path.join(".")).join(" ") });
  }
  const stored = StoredItem.safeParse(checked.data);
  if (!stored.success) return into.skipped.push({ kind: field, reason: "invalid", detail: stored.error.issues.map((issue) => issue.path.join(".")).join(" ") });
  const item = stored.data;
  const isEcho = item.message?.is_echo === true;
  if (!HANDLED.has(kind)) {
    return into.skipped.push({ kind: `${field}:${kind}`, reason: "ignored", detail: detailOf(kind, checked.data), notable: kind === "policy-enforcement" });
  }
  if (isEcho && ownAppId && item.message?.app_id === ownAppId) return into.skipped.push({ kind: "message_echoes", reason: "ignored", detail: "own send" });
  // The customer is whichever side is not the Page (echoes are sent by the Page; one documented handover example swaps the sides).
  const customer = [item.sender?.id, item.recipient?.id].find((id) => id && id !== pageId);
  if (!customer) return into.skipped.push({ kind: field, reason: "ignored", detail: "no PSID (chat-plugin guest or Page-wide)" });
  // "For unsupported shares made by users to your Page a fallback with no payload might be sent": nothing to show.
  const shown = (item.message?.attachments ?? []).filter((file) => file.type !== "fallback" || file.payload || file.title || file.url);
  if (kind === "message" && !isEcho && !item.message?.text && !shown.length && !item.message?.quick_reply) {
    return into.skipped.push({ kind: field, reason: "ignored", detail: item.message?.is_unsupported ? "unsupported message" : "empty message" });
  }
  const payload: StoredItem = { ...item, holboo_customer: customer, ...(standby ? { holboo_standby: true } : {}) };
  into.events.push({ providerEventId: eventIdOf(kind, item, customer), orderingKey: customer, payload });
}

/** What the log says of an ignored item: the policy action Meta took, the handover asked for, and the like. */
function detailOf(kind: Kind, item: Record<string, unknown>): string | undefined {
  const body = item[kind] as Record<string, unknown> | undefined;
  if (kind === "policy-enforcement") return `${String(body?.action)}: ${String(body?.reason ?? "")}`.slice(0, 500);
  if (kind === "request_thread_control") return `requested by app ${String(body?.requested_owner_app_id ?? "?")}`;
  if (kind === "app_roles") return JSON.stringify(body).slice(0, 500);
  if (kind === "reaction" || kind === "account_linking" || kind === "optin" || kind === "referral") return JSON.stringify(body).slice(0, 300);
  return undefined;
}
