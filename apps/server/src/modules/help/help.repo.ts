import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../platform/db/client.ts";
import { companies, feedback, files, notificationPreferences, tourProgress, users } from "../../platform/db/schema.ts";

export type FeedbackRow = typeof feedback.$inferSelect;

export async function insertFeedback(db: Executor, values: typeof feedback.$inferInsert): Promise<FeedbackRow> {
  const [row] = await db.insert(feedback).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Every company's feedback, newest first: read only by platform admins. */
export function listAllFeedback(db: Executor, limit: number, offset: number) {
  return db
    .select({ feedback, companyName: companies.name, userFirst: users.firstName, userLast: users.lastName, userEmail: users.email })
    .from(feedback)
    .innerJoin(companies, eq(companies.id, feedback.companyId))
    .leftJoin(users, eq(users.id, feedback.userId))
    .orderBy(desc(feedback.id))
    .limit(limit)
    .offset(offset);
}

export async function countAllFeedback(db: Executor): Promise<number> {
  return db.$count(feedback);
}

/** A feedback's screenshot, for the platform admin panel (the file stays in its company). */
export async function findFeedbackScreenshot(db: Executor, feedbackId: number) {
  const [row] = await db
    .select({ file: files })
    .from(feedback)
    .innerJoin(files, and(eq(files.companyId, feedback.companyId), eq(files.id, feedback.screenshotFileId)))
    .where(eq(feedback.id, feedbackId));
  return row?.file ?? null;
}

export async function findFile(db: Executor, companyId: number, fileId: string) {
  const [row] = await db
    .select({ id: files.id, mime: files.mime })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, fileId)));
  return row ?? null;
}

export async function findPreferences(db: Executor, userId: number) {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

export async function upsertPreferences(db: Executor, userId: number, values: { sound: boolean; browser: boolean }) {
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: new Date() } });
}

export async function findTour(db: Executor, userId: number) {
  const [row] = await db.select().from(tourProgress).where(eq(tourProgress.userId, userId));
  return row ?? null;
}

export async function upsertTour(db: Executor, userId: number, values: { status: string; step: number }) {
  await db
    .insert(tourProgress)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: tourProgress.userId, set: { ...values, updatedAt: new Date() } });
}
