import type { UserListQuery } from "@holboo/core";
import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { companies, onlineNow, users } from "../../platform/db/schema.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

/** Not tenant-scoped: for sign-in flows that start from a token, before any company is known. */
export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findCompanyUser(db: Executor, companyId: number, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row ?? null;
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Updates a user of the company; null when the user is not there. */
export async function updateCompanyUser(db: Executor, companyId: number, id: number, patch: Partial<NewUserRow>): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning();
  return row ?? null;
}

/** Updates the signed-in user's own row (which may not belong to a company yet). */
export async function updateOwnUser(db: Executor, id: number, patch: Partial<NewUserRow>): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function deleteCompanyUser(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function listCompanyUsers(db: Executor, companyId: number, query: UserListQuery) {
  const conditions: SQL[] = [eq(users.companyId, companyId)];
  if (query.user_type) conditions.push(eq(users.userType, query.user_type));
  if (query.user_status) conditions.push(eq(users.status, query.user_status));
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.search) {
    const pattern = containsPattern(query.search);
    const match = or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { items, total: count?.total ?? 0 };
}

/** Whether any active person of the company is online now (someone could answer a visitor). */
export async function anyoneOnline(db: Executor, companyId: number): Promise<boolean> {
  const [online] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.userType, "human"), eq(users.status, "active"), onlineNow()))
    .limit(1);
  return !!online;
}

/** The active owner and admins of a company who have an address: who hears about the company's account and channels. */
export async function adminAddresses(db: Executor, companyId: number) {
  const rows = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.userType, "human"),
        eq(users.status, "active"),
        or(eq(users.role, "admin"), eq(users.id, companies.ownerUserId)),
      ),
    );
  return rows.filter((row): row is { email: string; locale: string } => !!row.email);
}
