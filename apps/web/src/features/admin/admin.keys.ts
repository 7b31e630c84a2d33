import type { Approval } from "./admin.queries.ts";

/** The platform admin's caches: companies, people, plans, payee and terms, background jobs, settings and feedback; `all` refreshes every one. */
export const adminKeys = {
  all: ["admin"] as const,
  companies: (search: string, page: number) => [...adminKeys.all, "companies", search, page] as const,
  companyBilling: (companyId: number) => [...adminKeys.all, "company-billing", companyId] as const,
  users: (approval: Approval | null, search: string, page: number) => [...adminKeys.all, "users", approval, search, page] as const,
  settings: () => [...adminKeys.all, "settings"] as const,
  plans: () => [...adminKeys.all, "plans"] as const,
  billingSettings: () => [...adminKeys.all, "billing-settings"] as const,
  jobs: () => [...adminKeys.all, "jobs"] as const,
  deadJobs: (page: number) => [...adminKeys.jobs(), "dead", page] as const,
  feedback: (page: number) => [...adminKeys.all, "feedback", page] as const,
};
