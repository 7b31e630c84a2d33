import type { ChannelType, ErrorCode, Locale } from "@holboo/core";
import type { AppContext } from "../context.ts";
import type { ChannelDelivery } from "../modules/interactions/channel-delivery.ts";
import type { ChannelRow } from "./channels.repo.ts";
import { findChannel } from "./channels.lookup.ts";
import { findIdentityById } from "../modules/contacts/contacts.service.ts";
import { adapterFor, type ChannelAdapter } from "./adapter.ts";

/** What the inbox asks of a channel's adapter, so features need not know the adapter registry. */

/** The adapter that must carry a reply out on this channel, or null when the commit itself delivers it (web chat). */
function outboundAdapterOf(channel: ChannelRow): ChannelAdapter | null {
  const adapter = adapterFor(channel.type as ChannelType);
  return adapter && !adapter.live ? adapter : null;
}

/** The language the channel's customers are answered in, when its adapter says; null otherwise. */
async function replyLocaleOf(ctx: AppContext, channel: ChannelRow): Promise<Locale | null> {
  return (await adapterFor(channel.type as ChannelType)?.replyLocale?.(ctx, channel)) ?? null;
}

/** Why a person's reply cannot reach this conversation's customer now (the composer shows it); null when it can. */
async function cannotSendReason(
  ctx: AppContext,
  interaction: { companyId: number; channelId: number | null; identityId: number | null },
): Promise<ErrorCode | null> {
  if (!interaction.channelId || !interaction.identityId) return null;
  const channel = await findChannel(ctx.db, interaction.companyId, interaction.channelId);
  const adapter = channel ? outboundAdapterOf(channel) : null;
  const identity = adapter?.cannotSend ? await findIdentityById(ctx.db, interaction.companyId, interaction.identityId) : null;
  return channel && identity && adapter?.cannotSend ? adapter.cannotSend(ctx, channel, identity) : null;
}

/** The conversations' port onto the channels (modules/interactions/channel-delivery.ts), handed in at the root. */
export const channelDelivery: ChannelDelivery = {
  carriesReplies: (channel) => outboundAdapterOf(channel) !== null,
  replyLocale: replyLocaleOf,
  cannotSendReason,
};

/** Tells a channel's provider to stop calling before the channel is deleted (nothing for channels without one). */
export async function disconnectProvider(ctx: AppContext, channel: ChannelRow) {
  await adapterFor(channel.type as ChannelType)?.disconnect?.(ctx, channel);
}
