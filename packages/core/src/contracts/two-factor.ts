import { z } from "zod";
import { MeView } from "./auth.ts";

/** Six digits from an authenticator app, or a recovery code (`xxxxx-xxxxx`); spaces are ignored. */
export const twoFactorCodeSchema = z
  .string({ error: "required" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().min(6, { error: "two_factor_code_invalid" }).max(20, { error: "two_factor_code_invalid" }));

/** What `POST /api/login` answers when the password was right and the account also needs a code. */
export const TwoFactorChallengeView = z.object({
  two_factor_required: z.literal(true),
  /** Short-lived and single-use: exchanged with a code at `POST /api/login/two-factor`. */
  challenge: z.string(),
});
export type TwoFactorChallengeView = z.infer<typeof TwoFactorChallengeView>;

export const LoginResult = z.union([MeView, TwoFactorChallengeView]);
export type LoginResult = z.infer<typeof LoginResult>;

export const TwoFactorLoginInput = z.object({
  challenge: z.string({ error: "two_factor_challenge_expired" }).min(20, { error: "two_factor_challenge_expired" }).max(200),
  code: twoFactorCodeSchema,
});
export type TwoFactorLoginInput = z.infer<typeof TwoFactorLoginInput>;

export const TwoFactorStatusView = z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int(), company_requires: z.boolean() });
export type TwoFactorStatusView = z.infer<typeof TwoFactorStatusView>;

/** A new secret to scan: the `otpauth://` address as a QR code (SVG) and the secret in text for typing. */
export const TwoFactorSetupView = z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() });
export type TwoFactorSetupView = z.infer<typeof TwoFactorSetupView>;

export const TwoFactorCodeInput = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInput>;

/** Shown once; only their hashes are kept. */
export const RecoveryCodesView = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesView = z.infer<typeof RecoveryCodesView>;

/** Turning it off needs a current code (or a recovery code) or the password. */
export const TwoFactorDisableInput = z
  .object({ code: twoFactorCodeSchema.optional(), password: z.string().max(200).optional() })
  .refine((value) => !!value.code || !!value.password, { error: "required", path: ["code"] });
export type TwoFactorDisableInput = z.infer<typeof TwoFactorDisableInput>;

export const TwoFactorPolicyView = z.object({ required: z.boolean() });
export type TwoFactorPolicyView = z.infer<typeof TwoFactorPolicyView>;
export const TwoFactorPolicyInput = z.object({ required: z.boolean({ error: "invalid_parameters" }) });
export type TwoFactorPolicyInput = z.infer<typeof TwoFactorPolicyInput>;
