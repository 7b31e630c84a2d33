import type { AuditAction, AuditFields, AuditListQuery, AuditSummary, AuditTargetType } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { insertAuditEntry, listAuditEntries } from "./audit.repo.ts";
import { presentAuditEntry } from "./audit.presenter.ts";

/** Who acted: a signed-in member (`MemberActor` fits as it is), or a person signing in, with the request's address. */
export interface AuditActor {
  userId: number | null;
  companyId: number;
  ip: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | number | null;
  /** Small summaries of what changed (names, roles, flags), by the fields core lists (`AUDIT_FIELDS`, each with words on
   * the audit screen); keys that look like secrets are dropped. */
  before?: AuditFields | null;
  after?: AuditFields | null;
}

const SECRET_KEY = /secret|token|password|api_?key|hash|code/i;

function withoutSecrets(summary: AuditFields | null | undefined): AuditSummary | null {
  if (!summary) return null;
  const kept = Object.entries(summary).filter((entry): entry is [string, AuditSummary[string]] => entry[1] !== undefined && !SECRET_KEY.test(entry[0]));
  return kept.length ? Object.fromEntries(kept) : null;
}

/**
 * Writes one audit entry. Call it with the transaction of the change (`tx`), so the entry exists exactly when the
 * change does: a change that fails or rolls back leaves no entry.
 *
 *   await ctx.db.transaction(async (tx) => {
 *     await repo.updateThing(tx, …);
 *     await recordAudit(tx, actor, { action: "thing.update", targetType: "thing", targetId: id, before, after });
 *   });
 */
export async function recordAudit(tx: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(tx, {
    companyId: actor.companyId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    before: withoutSecrets(entry.before),
    after: withoutSecrets(entry.after),
  });
}

/** The fields of `before` that differ in `after`, each side keeping only those (for an edit's summary). */
export function changedFields(before: AuditFields, after: AuditFields): { before: AuditFields; after: AuditFields } | null {
  const keys = (Object.keys(after) as Array<keyof AuditFields>).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (!keys.length) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

export async function listAudit(ctx: AppContext, actor: MemberActor, query: AuditListQuery) {
  const { items, total } = await listAuditEntries(ctx.db, actor.companyId, query);
  return { items: items.map(presentAuditEntry), total };
}
