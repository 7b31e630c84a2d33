import { z } from "zod";
import { LOCALES } from "../locale.ts";
import { ALL_PERMISSIONS, ROLES } from "../permissions.ts";
import { emailSchema, passwordSchema, personNameSchema } from "../validation.ts";

export const localeSchema = z.enum(LOCALES, { error: "invalid_parameters" });

export const SignupInput = z.object({
  first_name: personNameSchema,
  last_name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  locale: localeSchema.optional(),
});
export type SignupInput = z.infer<typeof SignupInput>;

export const LoginInput = z.object({
  email: emailSchema,
  password: z.string({ error: "required" }).min(1, { error: "required" }).max(200),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** The guard's hand-off parameters (spec §2 rule 2), exchanged once for a session. */
export const HandoffInput = z.object({
  token: z.string().min(20).max(200),
  userID: z.coerce.number().int().positive(),
  email: emailSchema,
});
export type HandoffInput = z.infer<typeof HandoffInput>;

export const PasswordResetRequestInput = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.infer<typeof PasswordResetRequestInput>;

export const PasswordResetConfirmInput = z.object({ token: z.string().min(20).max(200), password: passwordSchema });
export type PasswordResetConfirmInput = z.infer<typeof PasswordResetConfirmInput>;

export const SetPasswordInput = z.object({ password: passwordSchema, current_password: z.string().max(200).optional() });
export type SetPasswordInput = z.infer<typeof SetPasswordInput>;

export const ChangeLangQuery = z.object({ lang: localeSchema });

export const MeView = z.object({
  ID: z.number().int(),
  company_id: z.number().int(),
  is_approved_by_superadmin: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  user_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  locale: localeSchema,
  permissions: z.array(z.enum(ALL_PERMISSIONS as [string, ...string[]])),
  is_owner: z.boolean(),
  is_company_creator: z.boolean(),
  /** The owner, not the creator once ownership moved (modules/companies/companies.policy.ts). */
  can_delete_company: z.boolean(),
  is_platform_admin: z.boolean(),
  needs_password: z.boolean(),
  /** The person signs in with an authenticator code too. */
  two_factor_enabled: z.boolean(),
  /** The company requires two-step verification and the person has not set it up: nothing else works until then. */
  two_factor_enrolment_required: z.boolean(),
  photo_url: z.string().nullable(),
  company: z
    .object({
      id: z.number().int(),
      name: z.string(),
      logo_url: z.string().nullable(),
      /** The company has connected a PBX (the call monitoring menu item is shown). */
      has_call_center: z.boolean().optional(),
    })
    .nullable(),
});
export type MeView = z.infer<typeof MeView>;

export const VersionView = z.object({ version: z.string() });
export type VersionView = z.infer<typeof VersionView>;
