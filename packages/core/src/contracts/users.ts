import { z } from "zod";
import { ROLES } from "../permissions.ts";
import { emailSchema, optionalPhoneSchema, personNameSchema } from "../validation.ts";
import { listQueryBase } from "./common.ts";

export const USER_STATUSES = ["active", "inactive"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const USER_TYPES = ["human", "virtual_agent"] as const;
export type UserType = (typeof USER_TYPES)[number];
export const PRESENCES = ["online", "away", "offline"] as const;
export type Presence = (typeof PRESENCES)[number];

export const roleSchema = z.enum(ROLES, { error: "role_invalid" });

/**
 * What the requesting member may do with this user, decided by the server's users policy (the same rule that guards
 * the routes), so the web offers exactly these actions and never repeats the rule.
 */
export const UserAbilities = z.object({
  edit: z.boolean(),
  change_role: z.boolean(),
  change_status: z.boolean(),
  delete: z.boolean(),
  resend_invite: z.boolean(),
});
export type UserAbilities = z.infer<typeof UserAbilities>;
export type UserAction = keyof UserAbilities;

export const UserView = z.object({
  ID: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  user_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: roleSchema,
  user_type: z.enum(USER_TYPES),
  user_status: z.enum(USER_STATUSES),
  presence: z.enum(PRESENCES),
  is_owner: z.boolean(),
  has_password: z.boolean(),
  /** Invited and never signed in yet: the invitation may be sent again (never to an account someone has used). */
  invitation_pending: z.boolean(),
  photo_url: z.string().nullable(),
  created_at: z.string(),
  can: UserAbilities,
});
export type UserView = z.infer<typeof UserView>;

export const UserListQuery = listQueryBase.extend({
  user_type: z.enum(USER_TYPES, { error: "invalid_parameters" }).optional(),
  user_status: z.enum(USER_STATUSES, { error: "invalid_parameters" }).optional(),
  role: z.enum(ROLES, { error: "role_invalid" }).optional(),
  search: z.string().trim().max(100).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const InviteUserInput = z.object({
  first_name: personNameSchema,
  last_name: personNameSchema,
  email: emailSchema,
  role: z.enum(ROLES, { error: "role_empty" }),
  phone: optionalPhoneSchema,
});
export type InviteUserInput = z.infer<typeof InviteUserInput>;

/**
 * The answer to an invitation (or its resend). Without SMTP the mail is withheld, so the link is shown here, once, to the
 * admin who invited: they made the account and may hand it over. Null when the mail goes out, or for another admin.
 */
export const InvitationSentView = z.object({
  /** No SMTP: the mail was not sent; its link is in the server's console (and here, for the inviting admin). */
  mail_withheld: z.boolean(),
  invitation_link: z.string().nullable(),
});
export type InvitationSentView = z.infer<typeof InvitationSentView>;
export const InvitedUserView = UserView.extend(InvitationSentView.shape);
export type InvitedUserView = z.infer<typeof InvitedUserView>;

export const UpdateUserInput = z.object({
  first_name: personNameSchema.optional(),
  last_name: personNameSchema.optional(),
  phone: optionalPhoneSchema,
  role: roleSchema.optional(),
});
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

export const SetUserStatusInput = z.object({ user_status: z.enum(USER_STATUSES, { error: "invalid_parameters" }) });
export type SetUserStatusInput = z.infer<typeof SetUserStatusInput>;

export const PresenceInput = z.object({ presence: z.enum(PRESENCES, { error: "invalid_parameters" }) });
export type PresenceInput = z.infer<typeof PresenceInput>;

export const TransferOwnershipInput = z.object({
  user_id: z.number().int().positive({ error: "user_invalid_id" }),
  confirm: z.literal(true, { error: "required" }),
});
export type TransferOwnershipInput = z.infer<typeof TransferOwnershipInput>;

export const UpdateProfileInput = z.object({
  first_name: personNameSchema.optional(),
  last_name: personNameSchema.optional(),
  phone: optionalPhoneSchema,
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;
