import { z } from "zod";
import type { ChannelRow } from "../channels.repo.ts";

/** What a Messenger channel keeps in `channels.config`; the Page token lives in the sealed secrets. */
export const MessengerConfig = z.object({ page_id: z.string(), page_name: z.string() });
export type MessengerConfig = z.infer<typeof MessengerConfig>;
export const messengerConfigOf = (channel: Pick<ChannelRow, "config">): MessengerConfig => MessengerConfig.parse(channel.config);

export interface MessengerSecrets extends Record<string, string> {
  page_token: string;
}

/** The older form of Meta's one callback URL (PUBLIC_URL/webhooks/messenger/{this}), still answered beside PUBLIC_URL/webhooks/messenger. */
export const MESSENGER_WEBHOOK_KEY = "meta-app";

export { MESSENGER_PAGE_INBOX_APP_ID as PAGE_INBOX_APP_ID } from "@holboo/core";
