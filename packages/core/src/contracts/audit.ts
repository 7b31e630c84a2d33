import { z } from "zod";
import { SECTORS } from "../limits.ts";
import { ALL_PERMISSIONS, ROLES } from "../permissions.ts";
import { PLAN_CODES, PLAN_TERMS } from "./billing.ts";
import { PBX_KINDS } from "./calls.ts";
import { CHANNEL_TYPES } from "./channels.ts";
import { MAIL_DOMAIN_STATUSES, VIRTUAL_AGENT_TYPES } from "./companies.ts";
import { EXPORT_FORMATS } from "./contacts.ts";
import { ISSUE_SETTING_KINDS } from "./constants.ts";
import { DASHBOARD_TABLES } from "./dashboard.ts";
import { EMAIL_AUTH_KINDS } from "./email.ts";
import { USER_STATUSES } from "./users.ts";
import { listQueryBase } from "./common.ts";

/**
 * Everything the audit log records, by action name (`<target>.<verb>`). A feature that audits a new kind of
 * change adds its action here (and its mn/en label in the web app's security.json `actions`; a web test fails without).
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
  "contact.import",
  "contact.merge",
  "mail_domain.create",
  "mail_domain.update",
  "mail_domain.delete",
  "issue_setting.create",
  "issue_setting.update",
  "issue_setting.delete",
  "knowledge_folder.create",
  "knowledge_folder.update",
  "knowledge_folder.delete",
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
  "mail_domain",
  "issue_setting",
  "knowledge_folder",
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** A small before/after of what changed: names, roles, flags. Never secrets, tokens or message text. */
export const AuditSummary = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]));
export type AuditSummary = z.infer<typeof AuditSummary>;

/**
 * The fields an entry's summary may carry. The server writes only these (audit.service types them), and the audit
 * screen has mn/en words for each (security.json `fields`; a web test fails without).
 */
export const AUDIT_FIELDS = [
  "email",
  "role",
  "first_name",
  "last_name",
  "phone",
  "status",
  "permissions",
  "name",
  "description",
  "domain",
  "active",
  "address",
  "auth",
  "type",
  "kind",
  "color",
  "page",
  "pbx",
  "url",
  "method",
  "reference",
  "amount",
  "format",
  "rows",
  "table",
  "from",
  "to",
  "required",
  "base_url",
  "chat_model",
  "embedding_model",
  "new_key",
  "new_credentials",
  "owner_user_id",
  "contact_email",
  "sector",
  "employee_range",
  "domain_rule_enabled",
  "max_open_per_agent",
  "with",
  "plan",
  "term",
  "auto_extend",
  "transfer_to",
  "parent_id",
  "agent_ids",
  "removed_name",
  "removed_id",
  "ring_seconds",
  "after_call_seconds",
  "record_calls",
  "answered_within_seconds",
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];
export type AuditValue = AuditSummary[string];
/** What the server may write as an entry's before or after. */
export type AuditFields = { [K in AuditField]?: AuditValue };

/**
 * Fields whose values are codes from a fixed list: the audit screen shows each code's words, never the code (a web test
 * fails when one has no mn/en words). Plans are rows the platform admin may add; the seeded codes are listed.
 */
export const AUDIT_CODED_VALUES = {
  // People's and mail domains' statuses are the same two words.
  status: [...new Set([...USER_STATUSES, ...MAIL_DOMAIN_STATUSES])],
  role: ROLES,
  permissions: ALL_PERMISSIONS,
  plan: PLAN_CODES,
  term: PLAN_TERMS,
  type: [...CHANNEL_TYPES, ...VIRTUAL_AGENT_TYPES],
  kind: ISSUE_SETTING_KINDS,
  method: ["totp", "recovery", "bank_transfer", "qpay"],
  with: ["code", "password_check"],
  auth: EMAIL_AUTH_KINDS,
  pbx: PBX_KINDS,
  sector: SECTORS,
  table: [...DASHBOARD_TABLES, "all"],
  format: EXPORT_FORMATS,
} as const satisfies { [K in AuditField]?: readonly string[] };
export type AuditCodedField = keyof typeof AUDIT_CODED_VALUES;

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
