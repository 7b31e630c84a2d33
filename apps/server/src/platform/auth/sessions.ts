import { CSRF_COOKIE, SESSION_COOKIE } from "@holboo/core";
import { eq, lt } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Executor } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { hashToken, newToken } from "./tokens.ts";

export interface SessionSettings {
  ttlHours: number;
  secureCookies: boolean;
}

/** Creates a session row (only the token's hash is stored) and sets the httpOnly and CSRF cookies. */
export async function startSession(db: Executor, reply: FastifyReply, userId: number, settings: SessionSettings) {
  const token = newToken();
  const csrfToken = newToken(24);
  const expiresAt = new Date(Date.now() + settings.ttlHours * 3_600_000);
  await db.insert(sessions).values({ id: hashToken(token), userId, csrfToken, expiresAt });
  const common = { path: "/", sameSite: "lax" as const, secure: settings.secureCookies, expires: expiresAt };
  reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrfToken, { ...common, httpOnly: false });
}

export async function endSession(db: Executor, reply: FastifyReply, sessionId: string | null) {
  if (sessionId) await db.delete(sessions).where(eq(sessions.id, sessionId));
  clearSessionCookies(reply);
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
  reply.clearCookie(CSRF_COOKIE, { path: "/" });
}

export const endAllSessionsOf = (db: Executor, userId: number) => db.delete(sessions).where(eq(sessions.userId, userId));
export const purgeExpiredSessions = (db: Executor) => db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
export const sessionIdFromCookie = (token: string | undefined): string | null => (token ? hashToken(token) : null);
