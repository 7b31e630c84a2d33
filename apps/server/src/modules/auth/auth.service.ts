import type {
  LoginResult,
  TwoFactorLoginInput,
  HandoffInput,
  Locale,
  LoginInput,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  Presence,
  SetPasswordInput,
  SignupInput,
  UpdateProfileInput,
} from "@holboo/core";
import { LIMITS } from "@holboo/core";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../../context.ts";
import { queueMail } from "../../platform/mail/mailer.ts";
import type { Actor } from "../../platform/auth/actor.ts";
import { consumeOneTimeToken, findLiveOneTimeToken, issueOneTimeToken, revokeTokensOf } from "../../platform/auth/one-time-tokens.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../platform/auth/passwords.ts";
import { endAllSessionsOf, endSession, startSession } from "../../platform/auth/sessions.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import { findUserByEmail, findUserById, insertUser, updateOwnUser } from "../users/users.lookup.ts";
import { isPlatformAdminEmail } from "./platform-admins.ts";
import { lockoutNoticeMail, passwordResetMail } from "./auth.mails.ts";
import { clearLoginFailures, recordLoginFailure } from "./login-throttle.repo.ts";
import { presenceExpiry, setOwnPresence } from "../presence/presence.service.ts";
import { verifySecondFactor } from "../two-factor/two-factor.service.ts";
import { recordAudit } from "../audit/audit.service.ts";

const sessionSettings = (ctx: AppContext) => ({ ttlHours: ctx.config.SESSION_TTL_HOURS, secureCookies: ctx.config.secureCookies });

async function signIn(ctx: AppContext, reply: FastifyReply, userId: number) {
  await startSession(ctx.db, reply, userId, sessionSettings(ctx));
  // Until the app's socket connects and its process's heartbeat takes over.
  await updateOwnUser(ctx.db, userId, { presence: "online", presenceExpiresAt: presenceExpiry(), lastSeenAt: new Date() });
  return ctx.me(userId);
}

export async function signup(ctx: AppContext, reply: FastifyReply, input: SignupInput) {
  if (await findUserByEmail(ctx.db, input.email)) fail("user_exists", { email: "user_exists" });
  const user = await onUniqueViolation(
    insertUser(ctx.db, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.first_name,
      lastName: input.last_name,
      locale: input.locale ?? "mn",
      role: "admin",
      isApprovedBySuperadmin: !ctx.config.SIGNUP_APPROVAL_REQUIRED || isPlatformAdminEmail(ctx, input.email),
    }),
    () => fail("user_exists", { email: "user_exists" }),
  );
  return signIn(ctx, reply, user.id);
}

/**
 * Wrong passwords slow the account down whatever address they come from (the per-IP limit is on the route): while
 * it waits, no password is checked; its owner is mailed once when a run of failures reaches the notice count.
 */
export async function login(ctx: AppContext, reply: FastifyReply, input: LoginInput): Promise<LoginResult> {
  const user = await findUserByEmail(ctx.db, input.email);
  const waitMs = (user?.loginBlockedUntil?.getTime() ?? 0) - Date.now();
  if (waitMs > 0) return fail("login_slowed", undefined, { retry_after: Math.ceil(waitMs / 1000) });
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (user && !valid) await noteFailedLogin(ctx, user);
  if (!user || !valid || user.userType !== "human") return fail("invalid_credentials");
  if (user.status !== "active") return fail("user_inactive");
  // The count of failures stays until the second step passes too: a right password alone does not reset it.
  if (user.totpEnabledAt) return secondStep(ctx, user.id);
  await clearLoginFailures(ctx.db, user.id);
  return signIn(ctx, reply, user.id);
}

/** An account with two-step verification gets the second step's challenge, never a session, whatever proved the first. */
async function secondStep(ctx: AppContext, userId: number): Promise<LoginResult> {
  const challenge = await issueOneTimeToken(ctx.db, userId, "two_factor", LIMITS.twoFactorChallengeMinutes * 60_000);
  return { two_factor_required: true, challenge };
}

/**
 * The second step: the challenge from a right password and an authenticator or recovery code. A wrong code counts
 * on the account like a wrong password (and the same wait applies); the challenge is used up only by success.
 */
export async function loginWithCode(ctx: AppContext, reply: FastifyReply, input: TwoFactorLoginInput, ip: string) {
  const pending = await findLiveOneTimeToken(ctx.db, input.challenge, "two_factor");
  const user = pending ? await findUserById(ctx.db, pending.userId) : null;
  if (!user) return fail("two_factor_challenge_expired");
  const waitMs = (user.loginBlockedUntil?.getTime() ?? 0) - Date.now();
  if (waitMs > 0) return fail("login_slowed", undefined, { retry_after: Math.ceil(waitMs / 1000) });
  if (user.status !== "active") return fail("user_inactive");
  const method = await ctx.db.transaction(async (tx) => {
    const factor = await verifySecondFactor(ctx, tx, user, input.code);
    if (!factor) return null;
    if (!(await consumeOneTimeToken(tx, input.challenge, ["two_factor"]))) fail("two_factor_challenge_expired");
    await clearLoginFailures(tx, user.id);
    if (user.companyId) {
      await recordAudit(
        tx,
        { userId: user.id, companyId: user.companyId, ip },
        { action: "auth.sign_in_two_factor", targetType: "user", targetId: user.id, after: { method: factor } },
      );
    }
    return factor;
  });
  if (!method) {
    await noteFailedLogin(ctx, user);
    return fail("two_factor_code_invalid", { code: "two_factor_code_invalid" });
  }
  return signIn(ctx, reply, user.id);
}

async function noteFailedLogin(ctx: AppContext, user: { id: number; companyId: number | null; email: string | null }) {
  await ctx.db.transaction(async (tx) => {
    const failures = await recordLoginFailure(tx, user.id);
    if (failures !== LIMITS.loginLockoutNoticeFailures || !user.email) return;
    const link = `${ctx.config.PUBLIC_URL}/pub/login?mode=forgot`;
    await queueMail(tx, ctx, { companyId: user.companyId, to: user.email, ...lockoutNoticeMail(failures, link) });
  });
}

export async function logout(ctx: AppContext, reply: FastifyReply, actor: Actor | null) {
  await endSession(ctx.db, reply, actor?.sessionId ?? null);
  if (actor) {
    ctx.realtime.disconnectSession(actor.sessionId);
    await updateOwnUser(ctx.db, actor.userId, { presence: "offline" });
  }
  return { ok: true as const };
}

/**
 * Exchanges a one-time hand-off or invitation token (spec §2 rule 2) for a session. The token stands for the first
 * step only: an account with two-step verification answers the second step's challenge instead, as a password does
 * (a support link never skips it); a company that requires it signs its not-yet-enrolled people in to set it up only.
 */
export async function handoff(ctx: AppContext, reply: FastifyReply, input: HandoffInput): Promise<LoginResult> {
  const consumed = await consumeOneTimeToken(ctx.db, input.token, ["handoff", "invite"]);
  const user = consumed && consumed.userId === input.userID ? await findUserById(ctx.db, consumed.userId) : null;
  if (!user || user.email?.toLowerCase() !== input.email) return fail("handoff_invalid");
  // An invitation opens only the account its admin just made: once someone has signed in to it or set its password, a
  // link still alive (seen once by that admin) must not reach it.
  if (consumed?.purpose === "invite" && (user.passwordHash !== null || user.lastSeenAt !== null)) return fail("handoff_invalid");
  if (user.status !== "active") return fail("user_inactive");
  if (user.totpEnabledAt) return secondStep(ctx, user.id);
  return signIn(ctx, reply, user.id);
}

export async function requestPasswordReset(ctx: AppContext, input: PasswordResetRequestInput) {
  const user = await findUserByEmail(ctx.db, input.email);
  // The answer is the same whether or not the account exists, so it reveals nothing.
  if (user && user.status === "active" && user.userType === "human" && user.email) {
    const email = user.email;
    await ctx.db.transaction(async (tx) => {
      await revokeTokensOf(tx, user.id, "reset");
      const token = await issueOneTimeToken(tx, user.id, "reset", LIMITS.resetTokenMinutes * 60_000);
      const link = `${ctx.config.PUBLIC_URL}/pub/reset-password?token=${encodeURIComponent(token)}`;
      await queueMail(tx, ctx, { companyId: user.companyId, to: email, ...passwordResetMail(link) });
    });
  }
  return { ok: true as const };
}

export async function resetPassword(ctx: AppContext, input: PasswordResetConfirmInput, ip: string | null = null) {
  const passwordHash = await hashPassword(input.password);
  const consumed = await ctx.db.transaction(async (tx) => {
    const token = await consumeOneTimeToken(tx, input.token, ["reset"]);
    if (!token) return null;
    const user = await updateOwnUser(tx, token.userId, { passwordHash, failedLogins: 0, loginBlockedUntil: null });
    await endAllSessionsOf(tx, token.userId);
    if (user?.companyId)
      await recordAudit(tx, { userId: user.id, companyId: user.companyId, ip }, { action: "user.password_reset", targetType: "user", targetId: user.id });
    return token;
  });
  if (!consumed) return fail("reset_token_invalid");
  ctx.realtime.disconnectUser(consumed.userId);
  return { ok: true as const };
}

export async function setOwnPassword(ctx: AppContext, actor: Actor, input: SetPasswordInput) {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) return fail("unauthorized");
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.current_password ?? ""))) {
    return fail("invalid_credentials", { current_password: "invalid_credentials" });
  }
  await updateOwnUser(ctx.db, actor.userId, { passwordHash: await hashPassword(input.password) });
  return { ok: true as const };
}

export async function updateProfile(ctx: AppContext, actor: Actor, input: UpdateProfileInput) {
  await updateOwnUser(ctx.db, actor.userId, {
    ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
    ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
    ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
  });
  return ctx.me(actor.userId);
}

export async function changeLocale(ctx: AppContext, actor: Actor | null, locale: Locale) {
  if (actor) await updateOwnUser(ctx.db, actor.userId, { locale });
  return { ok: true as const };
}

/** Back online from away (or busy), a person can take waiting work again (presence.service.ts). */
export async function setPresence(ctx: AppContext, actor: Actor, presence: Presence) {
  await setOwnPresence(ctx, actor, presence);
  return { ok: true as const };
}
