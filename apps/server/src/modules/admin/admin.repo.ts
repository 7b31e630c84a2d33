import type { AdminCompanyListQuery, AdminUserListQuery } from "@holboo/core";
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { companies, users } from "../../platform/db/schema.ts";

/** Platform-wide reads: deliberately not tenant-scoped, reachable only by the platform admin. */
export async function listAllCompanies(db: Executor, query: AdminCompanyListQuery) {
  const where = query.search ? ilike(companies.name, containsPattern(query.search)) : undefined;
  const owner = sql<string | null>`(SELECT u.email FROM users u WHERE u.id = companies.owner_user_id)`;
  const userCount = sql<number>`(SELECT count(*)::int FROM users u WHERE u.company_id = companies.id AND u.user_type = 'human')`;
  const plan = sql<string | null>`(SELECT p.code FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE s.company_id = companies.id)`;
  const subscriptionStatus = sql<string | null>`(SELECT s.status FROM subscriptions s WHERE s.company_id = companies.id)`;
  const [items, [count]] = await Promise.all([
    db
      .select({ company: companies, ownerEmail: owner, userCount, plan, subscriptionStatus })
      .from(companies)
      .where(where)
      .orderBy(desc(companies.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(companies)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

export async function listAllUsers(db: Executor, query: AdminUserListQuery) {
  const conditions: SQL[] = [eq(users.userType, "human")];
  if (query.approval) conditions.push(eq(users.isApprovedBySuperadmin, query.approval === "approved"));
  if (query.search) {
    const match = or(
      ilike(users.email, containsPattern(query.search)),
      ilike(users.firstName, containsPattern(query.search)),
      ilike(users.lastName, containsPattern(query.search)),
    );
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [items, [count]] = await Promise.all([
    db
      .select({ user: users, companyName: companies.name })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(desc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

export async function approveUser(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isApprovedBySuperadmin: true, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.userType, "human")))
    .returning({ id: users.id });
  return rows.length > 0;
}
