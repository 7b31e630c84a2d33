import { and, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema.ts";

/** Extends the presence of people who are not offline (one statement for all of a process's people). */
export async function extendPresence(db: Executor, userIds: number[], until: Date) {
  if (!userIds.length) return;
  await db
    .update(users)
    .set({ presenceExpiresAt: until })
    .where(and(inArray(users.id, userIds), ne(users.presence, "offline")));
}

/** Sets offline everyone whose presence was not extended in time; returns who, to tell their companies. */
export async function expirePresence(db: Executor) {
  return db
    .update(users)
    .set({ presence: "offline" })
    .where(and(ne(users.presence, "offline"), or(isNull(users.presenceExpiresAt), lt(users.presenceExpiresAt, sql`now()`))))
    .returning({ id: users.id, companyId: users.companyId });
}
