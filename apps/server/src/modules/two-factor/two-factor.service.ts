import type { RecoveryCodesView, TwoFactorDisableInput, TwoFactorPolicyView, TwoFactorSetupView, TwoFactorStatusView } from "@holboo/core";
import qrcode from "qrcode-generator";
import type { AppContext } from "../../context.ts";
import type { Actor, MemberActor } from "../../platform/auth/actor.ts";
import { verifyPassword } from "../../platform/auth/passwords.ts";
import { matchTotp, newTotpSecret, otpauthUrl } from "../../platform/auth/totp.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { findCompany } from "../companies/companies.lookup.ts";
import { findUserById } from "../users/users.lookup.ts";
import * as repo from "./two-factor.repo.ts";
import { newRecoveryCodes, recoveryCodeHash } from "./recovery-codes.ts";

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;
export type SecondFactor = "totp" | "recovery";

const ISSUER = "Holboo";

async function loadUser(ctx: AppContext, actor: Actor): Promise<UserRow> {
  return (await findUserById(ctx.db, actor.userId)) ?? fail("unauthorized");
}

/**
 * Checks an authenticator code (a step not used before: no replay) or a recovery code (used up). Each check is one
 * statement, so two requests racing with the same code cannot both pass.
 */
export async function verifySecondFactor(ctx: AppContext, db: Executor, user: UserRow, code: string): Promise<SecondFactor | null> {
  if (!user.totpSecret || !user.totpEnabledAt) return null;
  if (/^\d{6}$/.test(code)) {
    const step = matchTotp(ctx.secrets.open<string>(user.totpSecret), code);
    return step !== null && (await repo.claimStep(db, user.id, step)) ? "totp" : null;
  }
  return (await repo.useRecoveryCode(db, user.id, recoveryCodeHash(code))) ? "recovery" : null;
}

export async function status(ctx: AppContext, actor: Actor): Promise<TwoFactorStatusView> {
  const user = await loadUser(ctx, actor);
  const company = user.companyId ? await findCompany(ctx.db, user.companyId) : null;
  return {
    enabled: !!user.totpEnabledAt,
    recovery_codes_left: user.totpEnabledAt ? await repo.countUnusedRecoveryCodes(ctx.db, user.id) : 0,
    company_requires: !!company?.requireTwoFactor,
  };
}

/** A new secret, kept sealed as pending until a first code confirms it; starting again replaces it. */
export async function startSetup(ctx: AppContext, actor: Actor): Promise<TwoFactorSetupView> {
  const user = await loadUser(ctx, actor);
  if (user.totpEnabledAt) fail("two_factor_already_enabled");
  const secret = newTotpSecret();
  await repo.setPendingSecret(ctx.db, user.id, ctx.secrets.seal(secret));
  const url = otpauthUrl(ISSUER, user.email ?? String(user.id), secret);
  const qr = qrcode(0, "M");
  qr.addData(url);
  qr.make();
  return { secret, otpauth_url: url, qr_svg: qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true }) };
}

async function issueRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(db, userId, codes.map(recoveryCodeHash));
  return codes;
}

const auditActor = (actor: Actor, companyId: number) => ({ userId: actor.userId, companyId, ip: actor.ip });

export async function confirmSetup(ctx: AppContext, actor: Actor, code: string): Promise<RecoveryCodesView> {
  const user = await loadUser(ctx, actor);
  if (user.totpEnabledAt) fail("two_factor_already_enabled");
  if (!user.totpPendingSecret) return fail("two_factor_setup_missing");
  const step = matchTotp(ctx.secrets.open<string>(user.totpPendingSecret), code);
  if (step === null) return fail("two_factor_code_invalid", { code: "two_factor_code_invalid" });
  const pending = user.totpPendingSecret;
  const codes = await ctx.db.transaction(async (tx) => {
    if (!(await repo.enableTwoFactor(tx, user.id, pending, step))) fail("two_factor_already_enabled");
    if (user.companyId) await recordAudit(tx, auditActor(actor, user.companyId), { action: "two_factor.enable", targetType: "user", targetId: user.id });
    return issueRecoveryCodes(tx, user.id);
  });
  return { recovery_codes: codes };
}

/** New recovery codes replace the old ones; needs a current code. */
export async function regenerateRecoveryCodes(ctx: AppContext, actor: Actor, code: string): Promise<RecoveryCodesView> {
  const user = await loadUser(ctx, actor);
  if (!user.totpEnabledAt) fail("two_factor_not_enabled");
  const codes = await ctx.db.transaction(async (tx) => {
    if (!(await verifySecondFactor(ctx, tx, user, code))) fail("two_factor_code_invalid", { code: "two_factor_code_invalid" });
    if (user.companyId)
      await recordAudit(tx, auditActor(actor, user.companyId), { action: "two_factor.recovery_codes", targetType: "user", targetId: user.id });
    return issueRecoveryCodes(tx, user.id);
  });
  return { recovery_codes: codes };
}

/** Turning it off takes a current code (or a recovery code) or the password. */
export async function disable(ctx: AppContext, actor: Actor, input: TwoFactorDisableInput) {
  const user = await loadUser(ctx, actor);
  if (!user.totpEnabledAt) fail("two_factor_not_enabled");
  await ctx.db.transaction(async (tx) => {
    const proved = input.code ? !!(await verifySecondFactor(ctx, tx, user, input.code)) : await verifyPassword(user.passwordHash, input.password ?? "");
    if (!proved)
      fail(
        input.code ? "two_factor_code_invalid" : "invalid_credentials",
        input.code ? { code: "two_factor_code_invalid" } : { password: "invalid_credentials" },
      );
    await repo.disableTwoFactor(tx, user.id);
    if (user.companyId) {
      await recordAudit(tx, auditActor(actor, user.companyId), {
        action: "two_factor.disable",
        targetType: "user",
        targetId: user.id,
        after: { with: input.code ? "code" : "password_check" },
      });
    }
  });
  return { ok: true as const };
}

export async function getPolicy(ctx: AppContext, actor: MemberActor): Promise<TwoFactorPolicyView> {
  const company = (await findCompany(ctx.db, actor.companyId)) ?? fail("company_not_found");
  return { required: company.requireTwoFactor };
}

export async function setPolicy(ctx: AppContext, actor: MemberActor, required: boolean): Promise<TwoFactorPolicyView> {
  const before = await getPolicy(ctx, actor);
  await ctx.db.transaction(async (tx) => {
    await repo.setCompanyRequirement(tx, actor.companyId, required);
    if (before.required !== required) {
      await recordAudit(tx, actor, {
        action: "company.two_factor_requirement",
        targetType: "company",
        targetId: actor.companyId,
        before: { required: before.required },
        after: { required },
      });
    }
  });
  return { required };
}
