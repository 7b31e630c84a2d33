import { channelEmailEndpoints } from "@holboo/core/endpoints/channel-email.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as email from "./setup.service.ts";

/** The pending half of a Google/Microsoft sign-in (PKCE verifier and state), sealed, until the provider sends the browser back. */
const OAUTH_COOKIE = "hb_email_oauth";
const OAUTH_PATH = "/api/email-oauth";

export function emailSetupRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    `${OAUTH_PATH}/:provider/start`,
    {
      config: { access: { permission: "settings.edit" } },
      schema: channelEmailEndpoints["POST /api/email-oauth/:provider/start"],
    },
    (req, reply) => {
      const started = email.startOAuth(ctx, req.member, req.params.provider);
      reply.setCookie(OAUTH_COOKIE, started.cookie, { path: OAUTH_PATH, httpOnly: true, sameSite: "lax", secure: ctx.config.secureCookies, maxAge: 600 });
      return { url: started.url };
    },
  );
  /** The provider sends the browser back here; it goes on to the mail settings with the sealed sign-in, or the error. */
  app.get(
    `${OAUTH_PATH}/callback`,
    {
      config: { access: { permission: "settings.edit" } },
      schema: channelEmailEndpoints["GET /api/email-oauth/callback"],
    },
    async (req, reply) => {
      const session = await email.finishOAuth(ctx, req.member, req.cookies[OAUTH_COOKIE], req.query);
      reply.clearCookie(OAUTH_COOKIE, { path: OAUTH_PATH });
      return reply.redirect(session ? `/settings/email?email_oauth=${session}` : "/settings/email?email_oauth_error=email_oauth_failed", 303);
    },
  );
  app.post(
    `${OAUTH_PATH}/session`,
    { config: { access: { permission: "settings.edit" } }, schema: channelEmailEndpoints["POST /api/email-oauth/session"] },
    (req) => email.oauthSessionOf(ctx, req.member, req.body.session),
  );
  app.get(
    "/api/company/:company_id/channel/emails",
    {
      config: { access: { permission: "settings.view" } },
      schema: channelEmailEndpoints["GET /api/company/:company_id/channel/emails"],
    },
    (req) => email.listMailboxes(ctx, req.member, req.params.company_id),
  );
  app.post("/api/email-channels", { config: { access: { permission: "settings.edit" } }, schema: channelEmailEndpoints["POST /api/email-channels"] }, (req) =>
    email.createMailbox(ctx, req.member, req.body),
  );
  app.get(
    "/api/email-channels/:id",
    { config: { access: { permission: "settings.view" } }, schema: channelEmailEndpoints["GET /api/email-channels/:id"] },
    (req) => email.getMailbox(ctx, req.member, req.params.id),
  );
  app.put(
    "/api/email-channels/:id",
    { config: { access: { permission: "settings.edit" } }, schema: channelEmailEndpoints["PUT /api/email-channels/:id"] },
    (req) => email.updateMailbox(ctx, req.member, req.params.id, req.body),
  );
  app.get(
    "/api/interactions/:id/messages/:message_id/email",
    {
      config: { access: { member: true } },
      schema: channelEmailEndpoints["GET /api/interactions/:id/messages/:message_id/email"],
    },
    (req) => email.emailOfMessage(ctx, req.member, req.params.id, req.params.message_id, req.query.images === "1"),
  );
  app.get(
    "/api/interactions/:id/email-draft",
    { config: { access: { member: true } }, schema: channelEmailEndpoints["GET /api/interactions/:id/email-draft"] },
    (req) => email.emailDraftOf(ctx, req.member, req.params.id),
  );
}
