import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { companies, twoFactorRecoveryCodes, users } from "../../platform/db/schema.ts";

export const setPendingSecret = (db: Executor, userId: number, sealed: Buffer) =>
  db.update(users).set({ totpPendingSecret: sealed, updatedAt: new Date() }).where(eq(users.id, userId));

/** Turns the pending secret on; the confirming code's step is taken as used. False when nothing was pending or it is on. */
export async function enableTwoFactor(db: Executor, userId: number, sealed: Buffer, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: sealed, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function disableTwoFactor(db: Executor, userId: number) {
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

/** Takes a time step for the user in one statement: false when that step or a later one was already used (a replay). */
export async function claimStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once, in one statement (two sign-ins racing with it: one wins). */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function setCompanyRequirement(db: Executor, companyId: number, required: boolean) {
  await db.update(companies).set({ requireTwoFactor: required, updatedAt: new Date() }).where(eq(companies.id, companyId));
}
