import { and, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { channels, webchatChannels } from "../../platform/db/schema.ts";

export type WebchatRow = typeof webchatChannels.$inferSelect;

export async function findWebchat(db: Executor, companyId: number, channelId: number) {
  const [row] = await db
    .select({ channel: channels, webchat: webchatChannels })
    .from(channels)
    .innerJoin(webchatChannels, eq(webchatChannels.channelId, channels.id))
    .where(and(eq(channels.companyId, companyId), eq(channels.id, channelId)));
  return row ?? null;
}

/** Public lookup by the key in the embed snippet: the one entry point that starts without a company. */
export async function findWebchatByPublicKey(db: Executor, publicKey: string) {
  const [row] = await db
    .select({ channel: channels, webchat: webchatChannels })
    .from(webchatChannels)
    .innerJoin(channels, eq(channels.id, webchatChannels.channelId))
    .where(eq(webchatChannels.publicKey, publicKey));
  return row ?? null;
}

export async function insertWebchat(db: Executor, values: typeof webchatChannels.$inferInsert) {
  await db.insert(webchatChannels).values(values);
}

export async function updateWebchat(db: Executor, companyId: number, channelId: number, patch: Partial<typeof webchatChannels.$inferInsert>) {
  await db
    .update(webchatChannels)
    .set(patch)
    .where(and(eq(webchatChannels.companyId, companyId), eq(webchatChannels.channelId, channelId)));
}
