import { and, eq, gt, isNull, isNotNull, lt, or } from "drizzle-orm";
import type { Executor } from "../db/client.ts";
import { oneTimeTokens } from "../db/schema.ts";
import { hashToken, newToken } from "./tokens.ts";

export type TokenPurpose = "handoff" | "invite" | "reset" | "two_factor";

export async function issueOneTimeToken(db: Executor, userId: number, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const token = newToken();
  await db.insert(oneTimeTokens).values({ id: hashToken(token), userId, purpose, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** Marks the token used and returns its user, or null when unknown, used, expired or of another purpose. */
export async function consumeOneTimeToken(
  db: Executor,
  token: string,
  purposes: readonly TokenPurpose[],
): Promise<{ userId: number; purpose: TokenPurpose } | null> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.id, hashToken(token)), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
    .returning({ userId: oneTimeTokens.userId, purpose: oneTimeTokens.purpose });
  if (!row || !(purposes as readonly string[]).includes(row.purpose)) return null;
  return { userId: row.userId, purpose: row.purpose as TokenPurpose };
}

/** The user of a live token of that purpose, without using it up (a two-step sign-in takes several tries at its code). */
export async function findLiveOneTimeToken(db: Executor, token: string, purpose: TokenPurpose): Promise<{ userId: number } | null> {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(
      and(eq(oneTimeTokens.id, hashToken(token)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())),
    );
  return row ?? null;
}

export const revokeTokensOf = (db: Executor, userId: number, purpose: TokenPurpose) =>
  db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));

export const purgeSpentTokens = (db: Executor) => db.delete(oneTimeTokens).where(or(lt(oneTimeTokens.expiresAt, new Date()), isNotNull(oneTimeTokens.usedAt)));
