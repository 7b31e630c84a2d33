/**
 * The database schema, one file per area under ./schema/. Every company-owned table carries company_id
 * NOT NULL and its tenant indexes start with it. Users are the exception: a new sign-up has no company
 * yet (company_id 0 in the API, NULL here) until onboarding creates one.
 */
export * from "./schema/accounts.ts";
export * from "./schema/channels.ts";
export * from "./schema/contacts.ts";
export * from "./schema/interactions.ts";
export * from "./schema/knowledge.ts";
export * from "./schema/issues.ts";
export * from "./schema/jobs.ts";
export * from "./schema/platform.ts";
export * from "./schema/flows.ts";
export * from "./schema/help.ts";
export * from "./schema/dashboard.ts";
export * from "./schema/billing.ts";
export * from "./schema/security.ts";
export * from "./schema/calls.ts";
