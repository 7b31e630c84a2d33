import type { AuditFilters } from "./audit.queries.ts";

/** The audit log's pages and the people its actor filter offers. */
export const auditKeys = {
  all: ["audit"] as const,
  list: (filters: AuditFilters, page: number) => [...auditKeys.all, "list", filters, page] as const,
  people: () => [...auditKeys.all, "people"] as const,
};
