import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../platform/db/client.ts";
import { channels, virtualAgents } from "../platform/db/schema.ts";

export type ChannelRow = typeof channels.$inferSelect;

export function listChannels(db: Executor, companyId: number) {
  return db.select().from(channels).where(eq(channels.companyId, companyId)).orderBy(asc(channels.id));
}

export async function findChannel(db: Executor, companyId: number, id: number): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, companyId), eq(channels.id, id)));
  return row ?? null;
}

/** The channel a provider's webhook is for, by the key in its URL; any company (the key is secret and unique). */
export async function findChannelByWebhookKey(db: Executor, type: string, key: string): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.type, type), sql`${channels.config}->>'webhook_key' = ${key}`));
  return row ?? null;
}

/** A company's channel of a type already connected to the same provider account (config key `field`). */
export async function findChannelByAccount(db: Executor, type: string, field: string, accountId: string): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.type, type), sql`${channels.config}->>${field} = ${accountId}`));
  return row ?? null;
}

/** The virtual agent that answers a channel's customers first: chosen for it, switched on, and active itself. */
export async function findServingAgent(db: Executor, companyId: number, channelId: number) {
  const [row] = await db
    .select({ agent: virtualAgents })
    .from(channels)
    .innerJoin(virtualAgents, and(eq(virtualAgents.companyId, channels.companyId), eq(virtualAgents.id, channels.agentId)))
    .where(and(eq(channels.companyId, companyId), eq(channels.id, channelId), eq(channels.agentActive, true), eq(virtualAgents.active, true)));
  return row?.agent ?? null;
}

export async function insertChannel(db: Executor, values: typeof channels.$inferInsert): Promise<ChannelRow> {
  const [row] = await db.insert(channels).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateChannel(db: Executor, companyId: number, id: number, patch: Partial<typeof channels.$inferInsert>) {
  const [row] = await db
    .update(channels)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(channels.companyId, companyId), eq(channels.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteChannel(db: Executor, companyId: number, id: number) {
  const rows = await db
    .delete(channels)
    .where(and(eq(channels.companyId, companyId), eq(channels.id, id)))
    .returning({ id: channels.id });
  return rows.length > 0;
}
