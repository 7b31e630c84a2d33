import { authEndpoints } from "@holboo/core/endpoints/auth.ts";
import { LIMITS, LOCALE_COOKIE } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { AppError, fail } from "../../platform/http/errors.ts";
import * as auth from "./auth.service.ts";
import { refuseCrossSite } from "../../platform/http/cross-site.ts";

export function authRoutes(app: TypedApp, ctx: AppContext) {
  const limited = {
    access: { public: true } as const,
    rateLimit: {
      max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE,
      timeWindow: "1 minute",
      errorResponseBuilder: () => new AppError("rate_limited"),
    },
  };

  app.post("/api/signup", { config: limited, schema: authEndpoints["POST /api/signup"] }, (req, reply) => auth.signup(ctx, reply, req.body));
  app.post("/api/login", { config: limited, schema: authEndpoints["POST /api/login"] }, (req, reply) => auth.login(ctx, reply, req.body));
  app.post("/api/login/two-factor", { config: limited, schema: authEndpoints["POST /api/login/two-factor"] }, (req, reply) =>
    auth.loginWithCode(ctx, reply, req.body, req.ip),
  );
  app.post("/api/auth/handoff", { config: limited, schema: authEndpoints["POST /api/auth/handoff"] }, (req, reply) => auth.handoff(ctx, reply, req.body));
  app.post("/api/password/forgot", { config: limited, schema: authEndpoints["POST /api/password/forgot"] }, (req) => auth.requestPasswordReset(ctx, req.body));
  app.post("/api/password/reset", { config: limited, schema: authEndpoints["POST /api/password/reset"] }, (req) => auth.resetPassword(ctx, req.body, req.ip));
  // GET as the spec says; the web app posts (with the CSRF header). Either is refused from another site.
  for (const method of ["GET", "POST"] as const) {
    app.route({
      method,
      url: "/api/logout",
      config: { access: { public: true } },
      schema: authEndpoints[`${method} /api/logout`],
      handler: (req, reply) => {
        refuseCrossSite(req);
        return auth.logout(ctx, reply, req.actor);
      },
    });
  }

  app.get("/api/me", { config: { access: { signedIn: true } }, schema: authEndpoints["GET /api/me"] }, (req) =>
    ctx.me(req.actor?.userId ?? fail("unauthorized")),
  );
  app.put("/api/me", { config: { access: { signedIn: true } }, schema: authEndpoints["PUT /api/me"] }, (req) =>
    auth.updateProfile(ctx, req.actor ?? fail("unauthorized"), req.body),
  );
  app.put("/api/me/password", { config: { access: { signedIn: true } }, schema: authEndpoints["PUT /api/me/password"] }, (req) =>
    auth.setOwnPassword(ctx, req.actor ?? fail("unauthorized"), req.body),
  );
  app.put("/api/me/presence", { config: { access: { signedIn: true } }, schema: authEndpoints["PUT /api/me/presence"] }, (req) =>
    auth.setPresence(ctx, req.actor ?? fail("unauthorized"), req.body.presence),
  );
  // Public: a visitor choosing a language before logging in is remembered by the cookie alone.
  const languageLimit = { max: 60, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") };
  app.put(
    "/api/change-lang",
    { config: { access: { public: true }, rateLimit: languageLimit }, schema: authEndpoints["PUT /api/change-lang"] },
    (req, reply) => {
      reply.setCookie(LOCALE_COOKIE, req.query.lang, { path: "/", sameSite: "lax", maxAge: LIMITS.localeCookieDays * 86_400 });
      return auth.changeLocale(ctx, req.actor, req.query.lang);
    },
  );
}
