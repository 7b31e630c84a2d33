import { and, eq, ne } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { modelProviders } from "../../platform/db/schema.ts";

export async function findModelProvider(db: Executor, companyId: number) {
  const [row] = await db.select().from(modelProviders).where(eq(modelProviders.companyId, companyId));
  return row ?? null;
}

/** The key is written sealed only; the plain column is emptied on every save. */
export async function upsertModelProvider(db: Executor, values: Omit<typeof modelProviders.$inferInsert, "apiKey">) {
  const { baseUrl, apiKeySealed = null, chatModel, embeddingModel, updatedByUserId } = values;
  await db
    .insert(modelProviders)
    .values({ ...values, apiKey: "" })
    .onConflictDoUpdate({
      target: modelProviders.companyId,
      set: { baseUrl, apiKey: "", apiKeySealed, chatModel, embeddingModel, updatedByUserId, updatedAt: new Date() },
    });
}

/** Rows whose key is still plain text (saved before keys were sealed). */
export const plainKeys = (db: Executor) =>
  db.select({ companyId: modelProviders.companyId, apiKey: modelProviders.apiKey }).from(modelProviders).where(ne(modelProviders.apiKey, ""));

/** Replaces a plain key by its sealed form, unless the row changed meanwhile (another process sealed it, or a save). */
export async function sealKey(db: Executor, companyId: number, plain: string, sealed: Buffer) {
  await db
    .update(modelProviders)
    .set({ apiKey: "", apiKeySealed: sealed })
    .where(and(eq(modelProviders.companyId, companyId), eq(modelProviders.apiKey, plain)));
}

export async function deleteModelProvider(db: Executor, companyId: number) {
  await db.delete(modelProviders).where(eq(modelProviders.companyId, companyId));
}
