import { z } from "zod";
import { LIMITS } from "./limits.ts";

/** Field rules shared by forms and the server. Messages are error codes from the catalogue. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Mongolian numbers: 8 digits, optionally +976; other international numbers in E.164 form. */
const MN_PHONE_RE = /^(?:\+?976[\s-]?)?\d{4}[\s-]?\d{4}$/;
const INTL_PHONE_RE = /^\+[1-9]\d{7,14}$/;
const DOMAIN_RE = /^(?=.{4,253}$)(?!-)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const isValidEmail = (value: string) => value.length <= LIMITS.emailMaxChars && EMAIL_RE.test(value);
export const isValidPhone = (value: string) => MN_PHONE_RE.test(value.trim()) || INTL_PHONE_RE.test(value.replace(/[\s-]/g, ""));
export const isValidDomain = (value: string) => DOMAIN_RE.test(value);

export const emailSchema = z
  .string({ error: "email_empty" })
  .trim()
  .toLowerCase()
  .min(1, { error: "email_empty" })
  .refine(isValidEmail, { error: "email_invalid" });

export const phoneSchema = z.string().trim().refine(isValidPhone, { error: "phone_invalid" });
export const optionalPhoneSchema = z
  .string()
  .trim()
  .refine((v) => v === "" || isValidPhone(v), { error: "phone_invalid" })
  .optional();

export const personNameSchema = z
  .string({ error: "name_empty" })
  .trim()
  .min(1, { error: "name_empty" })
  .min(LIMITS.userNameMinChars, { error: "name_too_short" })
  .max(LIMITS.userNameMaxChars, { error: "name_too_long" });

export const passwordSchema = z
  .string({ error: "password_too_weak" })
  .min(LIMITS.passwordMinChars, { error: "password_too_weak" })
  .max(LIMITS.passwordMaxChars, { error: "password_too_weak" });

export const onboardingTextSchema = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .min(LIMITS.onboardingTextMinChars, { error: "onboarding_text_too_short" })
  .max(LIMITS.onboardingTextMaxChars, { error: "name_too_long" });

export const mailDomainSchema = z.string({ error: "mail_domain_invalid" }).trim().toLowerCase().refine(isValidDomain, { error: "mail_domain_invalid" });

export const idParamSchema = z.object({ id: z.coerce.number({ error: "invalid_parameters" }).int().positive({ error: "invalid_parameters" }) });
