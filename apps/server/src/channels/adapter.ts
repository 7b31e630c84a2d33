import type { AttachmentView, ChannelType, ErrorCode, Locale, MessageView } from "@holboo/core";
import type { AppContext } from "../context.ts";
import type { ChannelRow } from "./channels.repo.ts";
import type { IdentityRow } from "../modules/contacts/contacts.repo.ts";
import type { PendingMedia } from "./inbound-media.ts";

/** A customer's message as every channel hands it to the inbox, whatever its provider's payload. */
export interface NormalisedInbound {
  channelId: number;
  /** The sender's id at the provider (PSID, Viber user id, e-mail address, web-chat visitor). */
  externalId: string;
  /** The provider's message id; a repeated delivery of the same id is ignored. */
  providerMessageId: string | null;
  text: string;
  attachments: AttachmentView[];
  profile?: { firstName?: string; lastName?: string; email?: string; /** E.164, on phone lines. */ phone?: string };
  /** False when the virtual agent must not answer it (another app controls Messenger's thread); answered by default. */
  agentTurn?: boolean;
  /** Files the provider could not hand over yet: the text carries each one's note and link until it arrives. */
  pendingMedia?: PendingMedia[];
}

/** One event in a provider's webhook body, as the adapter reads it. */
export interface ProviderEvent {
  /** The provider's own id of the event (a message id); a redelivery carries the same one. */
  providerEventId: string;
  /** Events with the same key are processed one at a time, in order (the sender's conversation). */
  orderingKey: string;
  payload: unknown;
}

/**
 * An item of a webhook body that is not stored: a kind the provider documents that Holboo takes no action
 * on (`ignored`), or one that fits no documented shape (`invalid`). Either is logged; neither refuses the
 * items beside it, and the provider is answered 200.
 */
export interface SkippedItem {
  kind: string;
  reason: "ignored" | "invalid";
  detail?: string;
  /** An ignored item an operator should see (Meta blocked the Page from messaging): logged as a warning. */
  notable?: boolean;
}

/** What a verified webhook body holds: the events to store, and the items skipped. */
export interface WebhookItems {
  events: ProviderEvent[];
  skipped: SkippedItem[];
}

/** What a channel's webhook must do: find its channel, check the signature over the raw body, read the events. */
export interface InboundWebhook {
  /** The channel a request is for, or null when the key is unknown or the signature does not match. */
  authenticate(ctx: AppContext, request: { key: string; rawBody: Buffer; headers: Record<string, string | string[] | undefined> }): Promise<ChannelRow | null>;
  /**
   * The events in a verified body, each item read on its own: a provider's ping holds none, and an item
   * that fits no documented shape is skipped without refusing the others.
   */
  events(body: unknown): WebhookItems;
  /** A stored event as customer messages (none for receipts and the like); media is fetched here, in the job. */
  normalise(payload: unknown, channel: ChannelRow, ctx: AppContext): NormalisedInbound[] | Promise<NormalisedInbound[]>;
  /**
   * What a stored event changes besides messages (receipts, subscriptions, thread control), in the job,
   * after `normalise`'s messages are stored (`stored`, in the same order).
   */
  apply?(ctx: AppContext, payload: unknown, channel: ChannelRow, stored: MessageView[]): Promise<void>;
  /** A body the provider expects in the webhook's answer itself (Viber's welcome message); null for none. */
  answer?(ctx: AppContext, body: unknown, channel: ChannelRow): Promise<unknown>;
  /**
   * For providers with one callback URL for every account (Meta's app webhook): checks the request and
   * splits a batched body by channel; null when the signature does not match. Replaces authenticate + events.
   */
  dispatch?(
    ctx: AppContext,
    request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined>; body: unknown },
  ): Promise<{ groups: Array<{ channel: ChannelRow; events: ProviderEvent[] }>; skipped: SkippedItem[] } | null>;
}

export interface OutboundDelivery {
  companyId: number;
  channelId: number;
  externalId: string;
  messageId: number;
  text: string;
  attachments: AttachmentView[];
  /** The virtual agent's clarifying choices in this message, for the provider's buttons (a tap picks one). */
  choices: string[];
  /** Whether a person wrote it (a provider may allow people, not bots, to answer late). */
  byPerson: boolean;
}

/** A refusal that is not `retryable` (the person blocked the page, the token was revoked) is not tried again. */
export type DeliveryResult = { ok: true; providerMessageId: string | null } | { ok: false; retryable: boolean; error: string };

/**
 * What a channel provides to the inbox. A webhook's events are stored and answered at once, then a job
 * normalises each into `NormalisedInbound`, which `acceptInbound` turns into a contact's message; a reply
 * to a non-live channel is stored as `sending` and leaves through `deliver` in a job (delivery.job.ts).
 */
export interface ChannelAdapter {
  type: ChannelType;
  /** Channels with a live connection of their own (web chat) receive the message through the event push. */
  live: boolean;
  deliver(delivery: OutboundDelivery, ctx: AppContext): Promise<DeliveryResult>;
  /** Why a person cannot write to this customer now (unsubscribed, outside the provider's window); null when they can. */
  cannotSend?(ctx: AppContext, channel: ChannelRow, identity: IdentityRow): Promise<ErrorCode | null>;
  /** Tells the provider to stop calling (Viber's webhook removed, the Page unsubscribed) before the channel is deleted. */
  disconnect?(ctx: AppContext, channel: ChannelRow): Promise<void>;
  /** Providers that call us: their webhook, at POST /webhooks/{type}/{key}. */
  webhook?: InboundWebhook;
  /** The language the virtual agent answers this channel's customers in (Mongolian when not said). */
  replyLocale?(ctx: AppContext, channel: ChannelRow): Promise<Locale>;
}

const adapters = new Map<ChannelType, ChannelAdapter>();

export function registerAdapter(adapter: ChannelAdapter) {
  adapters.set(adapter.type, adapter);
}

export function adapterFor(type: ChannelType): ChannelAdapter | null {
  return adapters.get(type) ?? null;
}
