import type { ErrorCode, Locale } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { ChannelRow } from "../../channels/channels.repo.ts";

/**
 * What a conversation asks of the channel it is on (channels rank above conversations): whether a reply leaves
 * through a delivery job, in which language the customer is answered, and why a reply cannot reach them now.
 * Channels implement it (channels/adapters.service.ts) and the composition root hands it in
 * (`ctx.channelDelivery`), so conversations never import the adapter registry above them.
 */
export interface ChannelDelivery {
  /** A reply on this channel is carried out by its adapter in a delivery job; false when the commit itself delivers it (web chat). */
  carriesReplies(channel: ChannelRow): boolean;
  /** The language the channel's customers are answered in, when its adapter says; null otherwise. */
  replyLocale(ctx: AppContext, channel: ChannelRow): Promise<Locale | null>;
  /** Why a person's reply cannot reach this conversation's customer now (the composer shows it); null when it can. */
  cannotSendReason(ctx: AppContext, interaction: { companyId: number; channelId: number | null; identityId: number | null }): Promise<ErrorCode | null>;
}
