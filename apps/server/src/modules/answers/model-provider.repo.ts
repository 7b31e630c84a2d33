import { eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { modelProviders } from "../../platform/db/schema.ts";

export async function findModelProvider(db: Executor, companyId: number) {
  const [row] = await db.select().from(modelProviders).where(eq(modelProviders.companyId, companyId));
  return row ?? null;
}

export async function upsertModelProvider(db: Executor, values: typeof modelProviders.$inferInsert) {
  const { baseUrl, apiKey, chatModel, embeddingModel, updatedByUserId } = values;
  await db
    .insert(modelProviders)
    .values(values)
    .onConflictDoUpdate({ target: modelProviders.companyId, set: { baseUrl, apiKey, chatModel, embeddingModel, updatedByUserId, updatedAt: new Date() } });
}

export async function deleteModelProvider(db: Executor, companyId: number) {
  await db.delete(modelProviders).where(eq(modelProviders.companyId, companyId));
}
