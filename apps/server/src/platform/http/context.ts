import { CSRF_HEADER, SESSION_COOKIE, type Locale, type Role } from "@holboo/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/client.ts";
import type { Actor, MemberActor } from "../auth/actor.ts";
import { findSessionUser, loadRoleMatrix } from "../auth/actor.repo.ts";
import { authorize, permissionsFor, requireMember, type Access } from "../auth/policy.ts";
import { sessionIdFromCookie } from "../auth/sessions.ts";
import { safeEqual } from "../auth/tokens.ts";
import { fail } from "./errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** A member route that stays open while the company's access is closed (its plan, invoices and payment). */
    openWhenAccessClosed?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The company member behind a member or permission route (its access already held); forbidden for anyone else. */
    readonly member: MemberActor;
  }
  interface FastifyInstance {
    /** Every API route with its declared access, for the coverage test. */
    routeAccess: Array<{ method: string; url: string; access: Access | undefined; body: unknown; schema: unknown; rateLimit: RouteRateLimit | undefined }>;
  }
}

/** A route's own rate limit (@fastify/rate-limit's `config.rateLimit`), for the test that the README documents each. */
export interface RouteRateLimit {
  max?: unknown;
  timeWindow?: unknown;
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface ContextOptions {
  db: Database;
  platformAdminEmails: readonly string[];
}

/** The actor behind a session token (from the cookie of a request or of a socket handshake). */
export async function actorFromSessionToken(token: string | undefined, options: ContextOptions, ip: string | null = null): Promise<Actor | null> {
  const sessionId = sessionIdFromCookie(token);
  if (!sessionId) return null;
  const row = await findSessionUser(options.db, sessionId);
  if (!row || row.user.status !== "active") return null;
  const { user, company } = row;
  const role = user.role as Role;
  const matrix = company ? await loadRoleMatrix(options.db, company.id) : null;
  return {
    userId: user.id,
    companyId: company?.id ?? null,
    email: user.email ?? "",
    role,
    locale: user.locale as Locale,
    permissions: matrix ? permissionsFor(role, matrix) : new Set(),
    isOwner: !!company && company.ownerUserId === user.id,
    isPlatformAdmin: !!user.email && options.platformAdminEmails.includes(user.email.toLowerCase()),
    companyAccessClosed: !!company?.suspendedAt,
    sessionId,
    csrfToken: row.session.csrfToken,
    ip,
    twoFactorPending: !!company?.requireTwoFactor && !user.totpEnabledAt,
  };
}

/**
 * Loads the actor from the session cookie, enforces the route's declared access and, for
 * cookie-authenticated writes, the CSRF header. Routes without a declaration are refused at startup.
 */
export const requestContext = fp(async (app: FastifyInstance, options: ContextOptions) => {
  app.decorateRequest("actor", null);
  app.decorateRequest("member", {
    getter(this: FastifyRequest) {
      return requireMember(this.actor);
    },
  });
  app.decorate("routeAccess", []);
  app.addHook("onRoute", (route) => {
    const url = route.url;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const rateLimit = (route.config as { rateLimit?: RouteRateLimit | false } | undefined)?.rateLimit || undefined;
    for (const method of methods)
      app.routeAccess.push({ method, url, access: route.config?.access, body: route.schema?.body, schema: route.schema, rateLimit });
    if ((url.startsWith("/api") || url.startsWith("/pub")) && !route.config?.access) {
      throw new Error(`Route ${route.method} ${url} declares no access rule`);
    }
  });
  app.addHook("preValidation", async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    request.actor = await actorFromSessionToken(request.cookies[SESSION_COOKIE], options, request.ip);
    if (request.actor && UNSAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== "string" || !safeEqual(header, request.actor.csrfToken)) fail("csrf_invalid");
    }
    authorize(request.actor, access);
    // A company whose access is closed keeps only what leads to paying: its plan, invoices and the user's own account.
    const companyRoute = "member" in access || "permission" in access;
    if (companyRoute && request.actor?.companyAccessClosed && !request.routeOptions.config.openWhenAccessClosed) fail("company_suspended");
  });
});
