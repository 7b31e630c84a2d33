import { z } from "zod";
import { listQueryBase } from "./common.ts";

export const AdminCompanyView = z.object({
  id: z.number().int(),
  name: z.string(),
  sector: z.string().nullable(),
  owner_email: z.string().nullable(),
  user_count: z.number().int(),
  created_at: z.string(),
  /** The plan's code (trial, business, enterprise), its state (trial, active, expired) and why access is closed, if it is. */
  plan: z.string().nullable(),
  subscription_status: z.string().nullable(),
  access_closed: z.string().nullable(),
});
export type AdminCompanyView = z.infer<typeof AdminCompanyView>;

export const AdminUserView = z.object({
  ID: z.number().int(),
  email: z.string().nullable(),
  user_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string().nullable(),
  role: z.string(),
  user_status: z.string(),
  is_approved_by_superadmin: z.boolean(),
  created_at: z.string(),
});
export type AdminUserView = z.infer<typeof AdminUserView>;

export const AdminUserListQuery = listQueryBase.extend({
  approval: z.enum(["pending", "approved"], { error: "invalid_parameters" }).optional(),
  search: z.string().trim().max(100).optional(),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

export const AdminCompanyListQuery = listQueryBase.extend({ search: z.string().trim().max(100).optional() });
export type AdminCompanyListQuery = z.infer<typeof AdminCompanyListQuery>;

export const AdminSettingsView = z.object({ signup_approval_required: z.boolean() });
export type AdminSettingsView = z.infer<typeof AdminSettingsView>;
