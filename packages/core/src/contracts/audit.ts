import { z } from "zod";
import { listQueryBase } from "./common.ts";

/**
 * Everything the audit log records, by action name (`<target>.<verb>`). A feature that audits a new kind of
 * change adds its action here (and its mn/en label in the web app's settings.json `audit.actions`).
 */
export const AUDIT_ACTIONS = [
  "user.invite",
  "user.update",
  "user.role_change",
  "user.deactivate",
  "user.activate",
  "user.delete",
  "user.password_reset",
  "role.permissions_change",
  "channel.create",
  "channel.update",
  "channel.disconnect",
  "company.update",
  "company.ownership_transfer",
  "company.two_factor_requirement",
  "model_provider.update",
  "model_provider.remove",
  "contact.export",
  "contact.delete",
  "two_factor.enable",
  "two_factor.disable",
  "two_factor.recovery_codes",
  "auth.sign_in_two_factor",
  "virtual_agent.create",
  "virtual_agent.update",
  "virtual_agent.delete",
  "billing.purchase",
  "billing.extend",
  "billing.auto_extend",
  "billing.payment",
  "billing.invoice_cancel",
  "dashboard.export",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  "user",
  "role",
  "channel",
  "company",
  "model_provider",
  "contact",
  "export",
  "virtual_agent",
  "subscription",
  "invoice",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** A small before/after of what changed: names, roles, flags. Never secrets, tokens or message text. */
export const AuditSummary = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]));
export type AuditSummary = z.infer<typeof AuditSummary>;

export const AuditEntryView = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target_type: z.enum(AUDIT_TARGET_TYPES),
  target_id: z.string().nullable(),
  before: AuditSummary.nullable(),
  after: AuditSummary.nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntryView = z.infer<typeof AuditEntryView>;

export const AuditListQuery = listQueryBase.extend({
  actor_id: z.coerce.number().int().positive().optional(),
  action: z.enum(AUDIT_ACTIONS, { error: "invalid_parameters" }).optional(),
  /** Instants: from (inclusive) and to (exclusive), as the date range picker gives them. */
  from: z.iso.datetime({ offset: true, error: "invalid_parameters" }).optional(),
  to: z.iso.datetime({ offset: true, error: "invalid_parameters" }).optional(),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;
