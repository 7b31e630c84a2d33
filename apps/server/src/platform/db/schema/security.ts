/** Two-step verification's recovery codes and each company's audit log. */
import type { AuditSummary } from "@holboo/core";
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { companies, users } from "./accounts.ts";

/** One-time recovery codes: only a SHA-256 of each is kept; a used one keeps its row with `used_at`. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("two_factor_recovery_codes_user_idx").on(t.userId, t.codeHash)],
);

/**
 * Who did what in a company, written in the transaction of the change (`recordAudit`). No route edits or
 * deletes a row; the actor's name is kept as it was, so a deleted colleague's entries still read.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    actorUserId: integer("actor_user_id"),
    actorName: text("actor_name"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    before: jsonb("before").$type<AuditSummary>(),
    after: jsonb("after").$type<AuditSummary>(),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_company_idx").on(t.companyId, t.createdAt, t.id),
    index("audit_log_company_actor_idx").on(t.companyId, t.actorUserId, t.createdAt),
    index("audit_log_company_action_idx").on(t.companyId, t.action, t.createdAt),
  ],
);
