import type { AttachmentView, ChannelType, Locale } from "@holboo/core";
import type { AppContext } from "../platform/context.ts";
import type { ChannelRow } from "../modules/channels/channels.repo.ts";

/** A customer's message as every channel hands it to the inbox, whatever its provider's payload. */
export interface NormalisedInbound {
  channelId: number;
  /** The sender's id at the provider (PSID, Viber user id, e-mail address, web-chat visitor). */
  externalId: string;
  /** The provider's message id; a repeated delivery of the same id is ignored. */
  providerMessageId: string | null;
  text: string;
  attachments: AttachmentView[];
  profile?: { firstName?: string; lastName?: string; email?: string };
}

export interface OutboundDelivery {
  companyId: number;
  channelId: number;
  externalId: string;
  messageId: number;
  text: string;
  attachments: AttachmentView[];
}

export type DeliveryResult = { ok: true; providerMessageId: string | null } | { ok: false; retryable: boolean; error: string };

/**
 * What a channel provides to the inbox. Inbound webhooks normalise into `NormalisedInbound` and go
 * through the same service as web chat (`receiveFromContact`); a reply to a non-live channel is stored
 * as `sending` and leaves through `deliver`, whose failure (or throw) makes it `retry`; providers that
 * report reads call `markRead` on the messages service.
 */
export interface ChannelAdapter {
  type: ChannelType;
  /** Channels with a live connection of their own (web chat) receive the message through the event push. */
  live: boolean;
  deliver(delivery: OutboundDelivery): Promise<DeliveryResult>;
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
