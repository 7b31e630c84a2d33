import type { LimitedResource, SuspensionReason } from "@holboo/core";
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, ne, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import {
  agentUsage,
  billingReminders,
  channels,
  companies,
  invoices,
  knowledgeArticles,
  plans,
  subscriptions,
  users,
  virtualAgents,
} from "../../platform/db/schema.ts";

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type AgentUsageRow = typeof agentUsage.$inferSelect;

export const listPlans = (db: Executor) => db.select().from(plans).orderBy(asc(plans.id));

export async function findPlanByCode(db: Executor, code: string) {
  const [row] = await db.select().from(plans).where(eq(plans.code, code));
  return row ?? null;
}

export async function findPlanById(db: Executor, id: number) {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row ?? null;
}

export async function updatePlan(db: Executor, code: string, patch: Partial<typeof plans.$inferInsert>) {
  const [row] = await db
    .update(plans)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(plans.code, code))
    .returning();
  return row ?? null;
}

export async function findSubscription(db: Executor, companyId: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
  return row ?? null;
}

/**
 * The company's subscription row, locked until the transaction ends: every add of a user, channel or agent
 * takes it first, so two concurrent adds count one after the other and cannot both pass the limit.
 */
export async function lockSubscription(db: Executor, companyId: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).for("update");
  return row ?? null;
}

export async function insertSubscription(db: Executor, values: typeof subscriptions.$inferInsert) {
  await db.insert(subscriptions).values(values);
}

export async function updateSubscription(db: Executor, companyId: number, patch: Partial<typeof subscriptions.$inferInsert>) {
  await db
    .update(subscriptions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(subscriptions.companyId, companyId));
}

export async function setCompanyAccess(db: Executor, companyId: number, reason: SuspensionReason | null, now: Date) {
  await db
    .update(companies)
    .set({ suspendedAt: reason ? now : null, suspendedReason: reason })
    .where(eq(companies.id, companyId));
}

export async function companyAccess(db: Executor, companyId: number) {
  const [row] = await db
    .select({ suspendedAt: companies.suspendedAt, suspendedReason: companies.suspendedReason })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/** How many of a resource the company holds now (people: active human users, invitations included). */
export async function countResource(db: Executor, companyId: number, resource: LimitedResource): Promise<number> {
  const rows = await (() => {
    switch (resource) {
      case "users":
        return db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.companyId, companyId), eq(users.userType, "human"), eq(users.status, "active")));
      case "channels":
        return db.select({ n: count() }).from(channels).where(eq(channels.companyId, companyId));
      case "agents":
        return db.select({ n: count() }).from(virtualAgents).where(eq(virtualAgents.companyId, companyId));
      case "articles":
        return db.select({ n: count() }).from(knowledgeArticles).where(eq(knowledgeArticles.companyId, companyId));
    }
  })();
  return rows[0]?.n ?? 0;
}

export async function insertInvoice(db: Executor, values: Omit<typeof invoices.$inferInsert, "number">) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invoices)
      .values({ ...values, number: sql`'pending-' || gen_random_uuid()` })
      .returning();
    if (!row) throw new Error("invoice not inserted");
    const stamp = `${row.createdAt.getUTCFullYear()}${String(row.createdAt.getUTCMonth() + 1).padStart(2, "0")}`;
    const [numbered] = await tx
      .update(invoices)
      .set({ number: `HB-${stamp}-${String(row.id).padStart(6, "0")}` })
      .where(eq(invoices.id, row.id))
      .returning();
    return numbered ?? row;
  });
}

export const listInvoices = (db: Executor, companyId: number) =>
  db.select().from(invoices).where(eq(invoices.companyId, companyId)).orderBy(desc(invoices.id)).limit(500);

export async function findInvoice(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  return row ?? null;
}

/** The invoice, locked until the transaction ends (one QPay invoice is made for it, however many ask at once). */
export async function lockInvoice(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .for("update");
  return row ?? null;
}

export async function findInvoiceAnyCompany(db: Executor, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

export async function findUnpaidInvoice(db: Executor, companyId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "created")))
    .orderBy(asc(invoices.dueAt))
    .limit(1);
  return row ?? null;
}

export async function updateInvoice(db: Executor, companyId: number, id: number, patch: Partial<typeof invoices.$inferInsert>) {
  const [row] = await db
    .update(invoices)
    .set(patch)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .returning();
  return row ?? null;
}

/** Which companies a cycle run covers: one (the test clock), or all but some (those with a test clock of their own). */
export interface CycleScope {
  only?: number;
  except?: number[];
}

const inScope = (column: typeof invoices.companyId | typeof subscriptions.companyId, scope: CycleScope) =>
  and(scope.only === undefined ? undefined : eq(column, scope.only), scope.except?.length ? notInArray(column, scope.except) : undefined);

/** Invoices paid ahead become activated when their period starts (on its start date). */
export async function activateStartedInvoices(db: Executor, now: Date, scope: CycleScope) {
  await db
    .update(invoices)
    .set({ status: "activated", activatedAt: invoices.periodStart })
    .where(and(inScope(invoices.companyId, scope), eq(invoices.status, "paid"), lte(invoices.periodStart, now)));
}

/** Paid invoices whose period has ended are closed with their end date. */
export async function endPastInvoices(db: Executor, now: Date, scope: CycleScope) {
  await db
    .update(invoices)
    .set({ endedAt: invoices.periodEnd })
    .where(and(inScope(invoices.companyId, scope), eq(invoices.status, "activated"), isNull(invoices.endedAt), lte(invoices.periodEnd, now)));
}

/** Companies the billing cycle has something to do for at `now` (reminders look ahead to `horizon`). */
export async function subscriptionsToReview(db: Executor, now: Date, horizon: Date, scope: CycleScope) {
  const overdue = db
    .select({ companyId: invoices.companyId })
    .from(invoices)
    .where(and(eq(invoices.status, "created"), lt(invoices.dueAt, horizon)));
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        inScope(subscriptions.companyId, scope),
        ne(subscriptions.status, "expired"),
        or(
          and(eq(subscriptions.status, "trial"), lte(subscriptions.trialEndsAt, horizon)),
          lte(subscriptions.nextInvoiceAt, now),
          lte(subscriptions.termEndsAt, horizon),
          inArray(subscriptions.companyId, overdue),
        ),
      ),
    )
    .orderBy(asc(subscriptions.companyId));
}

export async function insertAgentUsage(db: Executor, values: typeof agentUsage.$inferInsert) {
  await db.insert(agentUsage).values(values);
}

export async function endAgentUsage(db: Executor, companyId: number, agentId: number, at: Date) {
  await db
    .update(agentUsage)
    .set({ endedAt: at })
    .where(and(eq(agentUsage.companyId, companyId), eq(agentUsage.agentId, agentId), isNull(agentUsage.endedAt)));
}

/** Agents that lived at some point of [start, end). */
export const agentUsageIn = (db: Executor, companyId: number, start: Date, end: Date) =>
  db
    .select()
    .from(agentUsage)
    .where(and(eq(agentUsage.companyId, companyId), lt(agentUsage.startedAt, end), or(isNull(agentUsage.endedAt), gt(agentUsage.endedAt, start))))
    .orderBy(asc(agentUsage.id));

/** True the first time a reminder key is recorded for the company. */
export async function recordReminderOnce(db: Executor, companyId: number, key: string) {
  const rows = await db.insert(billingReminders).values({ companyId, key }).onConflictDoNothing().returning({ key: billingReminders.key });
  return rows.length > 0;
}

/** The owner and the admins, who get billing mail. */

export async function companyName(db: Executor, companyId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? "";
}
