import type { SecretBox } from "../platform/crypto/secret-box.ts";
import type { Executor } from "../platform/db/client.ts";
import { updateChannel } from "./channels.lookup.ts";
import type { ChannelRow } from "./channels.repo.ts";

/** Stores a channel's secrets (tokens, passwords) sealed; they are read back only on the server. */
export async function saveChannelSecrets(box: SecretBox, db: Executor, channel: Pick<ChannelRow, "companyId" | "id">, secrets: Record<string, string>) {
  await updateChannel(db, channel.companyId, channel.id, { secrets: box.seal(secrets) });
}

export function channelSecrets<T extends Record<string, string>>(box: SecretBox, channel: Pick<ChannelRow, "secrets">): T | null {
  return channel.secrets ? box.open<T>(channel.secrets) : null;
}
