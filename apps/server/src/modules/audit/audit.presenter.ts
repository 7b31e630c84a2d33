import type { AuditAction, AuditEntryView, AuditTargetType } from "@holboo/core";
import type { AuditRow } from "./audit.repo.ts";

export function presentAuditEntry(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    actor: row.actorUserId == null ? null : { id: row.actorUserId, name: row.actorName ?? "" },
    action: row.action as AuditAction,
    target_type: row.targetType as AuditTargetType,
    target_id: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}
