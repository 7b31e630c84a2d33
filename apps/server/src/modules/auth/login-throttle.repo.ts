import { LIMITS } from "@holboo/core";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema.ts";

/**
 * Counts a wrong password against the account in one statement (processes racing each add theirs) and sets the
 * wait before its next check: none for the first `loginFreeFailures`, then doubling from 2 s up to the cap.
 */
export async function recordLoginFailure(db: Executor, userId: number): Promise<number> {
  const next = sql`${users.failedLogins} + 1`;
  const free = LIMITS.loginFreeFailures;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: next,
      loginBlockedUntil: sql`CASE WHEN ${next} > ${free}
        THEN now() + make_interval(secs => least(power(2, least(${next} - ${free}, 20)), ${LIMITS.loginMaxDelaySeconds}))
        ELSE NULL END`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: users.failedLogins });
  return row?.failures ?? 0;
}

/** A successful sign-in or a password reset starts the count again. */
export async function clearLoginFailures(db: Executor, userId: number) {
  await db
    .update(users)
    .set({ failedLogins: 0, loginBlockedUntil: null })
    .where(and(eq(users.id, userId), gt(users.failedLogins, 0)));
}
