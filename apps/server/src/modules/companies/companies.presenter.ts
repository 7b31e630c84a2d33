import type { CompanyView, EmployeeRange, MailDomainView, Sector } from "@holboo/core";
import type { mailDomains } from "../../platform/db/schema.ts";
import type { CompanyRow } from "./companies.repo.ts";

export function presentCompany(row: CompanyRow, ownerName: string): CompanyView {
  return {
    id: row.id,
    name: row.name,
    contact_email: row.contactEmail,
    phone: row.phone,
    sector: row.sector as Sector | null,
    employee_range: row.employeeRange as EmployeeRange | null,
    logo_url: row.logoFileId ? `/api/company/logo?v=${row.logoFileId}` : null,
    owner_id: row.ownerUserId,
    owner_name: ownerName,
    creator_id: row.creatorUserId,
    domain_rule_enabled: row.domainRuleEnabled,
    max_open_per_agent: row.maxOpenPerAgent,
    ownership_transferred: row.ownershipTransferredAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentMailDomain(row: typeof mailDomains.$inferSelect): MailDomainView {
  return {
    id: row.id,
    domain: row.domain,
    description: row.description,
    status: row.status as MailDomainView["status"],
    created_at: row.createdAt.toISOString(),
  };
}
