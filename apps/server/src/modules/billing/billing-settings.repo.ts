import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { billingSettings, billingTestClocks } from "../../platform/db/schema.ts";

export type BillingSettingsRow = typeof billingSettings.$inferSelect;

/** The installation's one settings row, or null before anything was saved. */
export async function findBillingSettings(db: Executor): Promise<BillingSettingsRow | null> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, true));
  return row ?? null;
}

/** Writes some settings, creating the one row the first time. */
export async function saveBillingSettings(db: Executor, patch: Partial<Omit<typeof billingSettings.$inferInsert, "id">>) {
  const [row] = await db
    .insert(billingSettings)
    .values({ id: true, ...patch })
    .onConflictDoUpdate({ target: billingSettings.id, set: { ...patch, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error("billing settings not saved");
  return row;
}

/** How far the company's test clock runs from real time (0 without one). */
export async function testClockOffset(db: Executor, companyId: number): Promise<number> {
  const [row] = await db.select({ offsetMs: billingTestClocks.offsetMs }).from(billingTestClocks).where(eq(billingTestClocks.companyId, companyId));
  return row?.offsetMs ?? 0;
}

export async function setTestClockOffset(db: Executor, companyId: number, offsetMs: number) {
  await db.insert(billingTestClocks).values({ companyId, offsetMs }).onConflictDoUpdate({ target: billingTestClocks.companyId, set: { offsetMs } });
}

export const listTestClocks = (db: Executor) => db.select().from(billingTestClocks);
