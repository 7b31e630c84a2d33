import { and, eq, sql } from "drizzle-orm";
import type { OutboxStatus } from "@holboo/core";
import type { Executor } from "../db/client.ts";
import { outboxMails } from "../db/schema.ts";

export type OutboxRow = typeof outboxMails.$inferSelect;

export async function insertOutboxMail(
  db: Executor,
  mail: { companyId: number | null; to: string; subject: string; text: string; html?: string; carriesSecret: boolean; status: OutboxStatus },
): Promise<OutboxRow> {
  const [row] = await db
    .insert(outboxMails)
    .values({
      companyId: mail.companyId,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      carriesSecret: mail.carriesSecret,
      status: mail.status,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findQueuedMail(db: Executor, id: number): Promise<OutboxRow | null> {
  const [row] = await db
    .select()
    .from(outboxMails)
    .where(and(eq(outboxMails.id, id), eq(outboxMails.status, "queued")));
  return row ?? null;
}

/** Settles a delivery; a mail that carried a secret keeps no text once it is out of SMTP's hands. */
export async function settleMail(db: Executor, id: number, outcome: { status: "sent" } | { status: "failed"; error: string }) {
  const forgetSecret = {
    textBody: sql<string>`CASE WHEN ${outboxMails.carriesSecret} THEN '' ELSE ${outboxMails.textBody} END`,
    htmlBody: sql<string | null>`CASE WHEN ${outboxMails.carriesSecret} THEN NULL ELSE ${outboxMails.htmlBody} END`,
  };
  await db
    .update(outboxMails)
    .set(
      outcome.status === "sent"
        ? { status: "sent", sentAt: new Date(), error: null, ...forgetSecret }
        : { status: "failed", error: outcome.error, ...forgetSecret },
    )
    .where(eq(outboxMails.id, id));
}

/** Notes the last refusal on a mail still being retried, for admins reading the outbox. */
export async function noteMailError(db: Executor, id: number, error: string) {
  await db
    .update(outboxMails)
    .set({ error })
    .where(and(eq(outboxMails.id, id), eq(outboxMails.status, "queued")));
}
