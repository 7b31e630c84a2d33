import type { ChannelType, Locale } from "@holboo/core";
import type { AppContext } from "../context.ts";
import type { ChannelRow } from "../modules/channels/channels.repo.ts";
import { adapterFor, type ChannelAdapter } from "./adapter.ts";

/** What the inbox asks of a channel's adapter, so features need not know the adapter registry. */

/** The adapter that must carry a reply out on this channel, or null when the commit itself delivers it (web chat). */
export function outboundAdapterOf(channel: ChannelRow): ChannelAdapter | null {
  const adapter = adapterFor(channel.type as ChannelType);
  return adapter && !adapter.live ? adapter : null;
}

/** The language the channel's customers are answered in, when its adapter says; null otherwise. */
export async function replyLocaleOf(ctx: AppContext, channel: ChannelRow): Promise<Locale | null> {
  return (await adapterFor(channel.type as ChannelType)?.replyLocale?.(ctx, channel)) ?? null;
}
