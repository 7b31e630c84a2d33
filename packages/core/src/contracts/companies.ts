import { z } from "zod";
import { LIMITS, EMPLOYEE_RANGES, SECTORS } from "../limits.ts";
import { emailSchema, mailDomainSchema, onboardingTextSchema, phoneSchema } from "../validation.ts";

export const sectorSchema = z.enum(SECTORS, { error: "sector_invalid" });
export const employeeRangeSchema = z.enum(EMPLOYEE_RANGES, { error: "employee_range_invalid" });

/** Company name: letters (any script), numbers, spaces and common punctuation. */
const companyNameSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "name_empty" })
  .max(LIMITS.companyNameMaxChars, { error: "name_too_long" })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}\s.,&'"()-]*$/u, { error: "name_invalid" });

export const OnboardingInput = z.object({
  company_name: onboardingTextSchema.pipe(companyNameSchema),
  sector: sectorSchema,
  employee_range: employeeRangeSchema,
  agent_name: onboardingTextSchema,
});
export type OnboardingInput = z.infer<typeof OnboardingInput>;

export const CompanyView = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_email: z.string().nullable(),
  phone: z.string().nullable(),
  sector: sectorSchema.nullable(),
  employee_range: employeeRangeSchema.nullable(),
  logo_url: z.string().nullable(),
  owner_id: z.number().int(),
  owner_name: z.string(),
  creator_id: z.number().int(),
  domain_rule_enabled: z.boolean(),
  max_open_per_agent: z.number().int(),
  ownership_transferred: z.boolean(),
  created_at: z.string(),
});
export type CompanyView = z.infer<typeof CompanyView>;

export const UpdateCompanyInput = z.object({
  name: companyNameSchema,
  contact_email: emailSchema,
  phone: phoneSchema,
  sector: sectorSchema,
  employee_range: employeeRangeSchema,
  domain_rule_enabled: z.boolean().optional(),
  max_open_per_agent: z.coerce
    .number({ error: "invalid_parameters" })
    .int({ error: "invalid_parameters" })
    .min(1, { error: "invalid_parameters" })
    .max(LIMITS.maxOpenPerAgentMax, { error: "invalid_parameters" })
    .optional(),
});
export type UpdateCompanyInput = z.infer<typeof UpdateCompanyInput>;

export const DeleteCompanyInput = z.object({ confirm_name: z.string().trim().min(1, { error: "required" }) });
export type DeleteCompanyInput = z.infer<typeof DeleteCompanyInput>;

export const MAIL_DOMAIN_STATUSES = ["active", "inactive"] as const;
export const MailDomainView = z.object({
  id: z.number().int(),
  domain: z.string(),
  description: z.string(),
  status: z.enum(MAIL_DOMAIN_STATUSES),
  created_at: z.string(),
});
export type MailDomainView = z.infer<typeof MailDomainView>;

export const MailDomainInput = z.object({
  domain: mailDomainSchema,
  description: z.string().trim().max(LIMITS.mailDomainDescriptionMaxChars, { error: "name_too_long" }).default(""),
  status: z.enum(MAIL_DOMAIN_STATUSES, { error: "invalid_parameters" }).default("active"),
});
export type MailDomainInput = z.infer<typeof MailDomainInput>;

export const VIRTUAL_AGENT_TYPES = ["social_agent", "call_operator"] as const;
export const VirtualAgentView = z.object({
  id: z.number().int(),
  name: z.string(),
  agent_type: z.enum(VIRTUAL_AGENT_TYPES),
  is_primary: z.boolean(),
  active: z.boolean(),
});
export type VirtualAgentView = z.infer<typeof VirtualAgentView>;
