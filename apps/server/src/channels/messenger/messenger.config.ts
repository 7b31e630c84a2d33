import { z } from "zod";
import type { ChannelRow } from "../../modules/channels/channels.repo.ts";

/** What a Messenger channel keeps in `channels.config`; the Page token lives in the sealed secrets. */
export const MessengerConfig = z.object({ page_id: z.string(), page_name: z.string() });
export type MessengerConfig = z.infer<typeof MessengerConfig>;
export const messengerConfigOf = (channel: Pick<ChannelRow, "config">): MessengerConfig => MessengerConfig.parse(channel.config);

export interface MessengerSecrets extends Record<string, string> {
  page_token: string;
}

/** Meta's one callback URL for every Page of the installation's app: POST /webhooks/messenger/{this}. */
export const MESSENGER_WEBHOOK_KEY = "meta-app";

/** Meta's Page inbox app: the handover protocol's target for passing a thread to people on Facebook. */
export const PAGE_INBOX_APP_ID = "263902037430900";
