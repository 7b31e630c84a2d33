import { AUDIT_CODED_VALUES, type AuditCodedField } from "@holboo/core";

/** Codes that already have words elsewhere in the app: the audit screen says them the same way. */
const SHARED_WORDS: Partial<Record<AuditCodedField, (code: string) => string>> = {
  role: (code) => `settings:roles.${code}`,
  permissions: (code) => `settings:permissions.${code.replace(".", "_")}`,
  plan: (code) => `billing:plans.${code}`,
  term: (code) => `billing:terms.${code}`,
};

export const isCodedField = (field: string): field is AuditCodedField => Object.hasOwn(AUDIT_CODED_VALUES, field);

/** The translation key of a coded value (`AUDIT_CODED_VALUES` in core): its words in the person's language. */
export const auditValueKey = (field: AuditCodedField, code: string): string => SHARED_WORDS[field]?.(code) ?? `security:values.${field}.${code}`;
