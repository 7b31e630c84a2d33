import {
  EMAIL_OAUTH_PROVIDERS,
  EmailChannelInput,
  EmailChannelView,
  EmailDraftView,
  EmailMessageQuery,
  EmailMessageView,
  EmailOAuthSessionInput,
  EmailOAuthSessionView,
  EmailOAuthStartView,
  idParamSchema,
} from "@holboo/core";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as email from "./setup.service.ts";

/** The pending half of a Google/Microsoft sign-in (PKCE verifier and state), sealed, until the provider sends the browser back. */
const OAUTH_COOKIE = "hb_email_oauth";
const OAUTH_PATH = "/api/email-oauth";

export function emailSetupRoutes(app: TypedApp, ctx: AppContext) {
  const one = { 200: EmailChannelView };
  app.post(
    `${OAUTH_PATH}/:provider/start`,
    {
      config: { access: { permission: "settings.edit" } },
      schema: { params: z.object({ provider: z.enum(EMAIL_OAUTH_PROVIDERS, { error: "not_found" }) }), response: { 200: EmailOAuthStartView } },
    },
    (req, reply) => {
      const started = email.startOAuth(ctx, requireMember(req.actor), req.params.provider);
      reply.setCookie(OAUTH_COOKIE, started.cookie, { path: OAUTH_PATH, httpOnly: true, sameSite: "lax", secure: ctx.config.secureCookies, maxAge: 600 });
      return { url: started.url };
    },
  );
  /** The provider sends the browser back here; it goes on to the mail settings with the sealed sign-in, or the error. */
  app.get(
    `${OAUTH_PATH}/callback`,
    {
      config: { access: { permission: "settings.edit" } },
      schema: {
        querystring: z.object({ code: z.string().max(4000).optional(), state: z.string().max(300).optional(), error: z.string().max(300).optional() }),
      },
    },
    async (req, reply) => {
      const session = await email.finishOAuth(ctx, requireMember(req.actor), req.cookies[OAUTH_COOKIE], req.query);
      reply.clearCookie(OAUTH_COOKIE, { path: OAUTH_PATH });
      return reply.redirect(session ? `/settings/email?email_oauth=${session}` : "/settings/email?email_oauth_error=email_oauth_failed", 303);
    },
  );
  app.post(
    `${OAUTH_PATH}/session`,
    { config: { access: { permission: "settings.edit" } }, schema: { body: EmailOAuthSessionInput, response: { 200: EmailOAuthSessionView } } },
    (req) => email.oauthSessionOf(ctx, requireMember(req.actor), req.body.session),
  );
  app.get(
    "/api/company/:company_id/channel/emails",
    {
      config: { access: { permission: "settings.view" } },
      schema: {
        params: z.object({ company_id: z.coerce.number().int({ error: "company_id_empty" }) }),
        response: { 200: z.object({ items: z.array(EmailChannelView) }) },
      },
    },
    (req) => email.listMailboxes(ctx, requireMember(req.actor), req.params.company_id),
  );
  app.post("/api/email-channels", { config: { access: { permission: "settings.edit" } }, schema: { body: EmailChannelInput, response: one } }, (req) =>
    email.createMailbox(ctx, requireMember(req.actor), req.body),
  );
  app.get("/api/email-channels/:id", { config: { access: { permission: "settings.view" } }, schema: { params: idParamSchema, response: one } }, (req) =>
    email.getMailbox(ctx, requireMember(req.actor), req.params.id),
  );
  app.put(
    "/api/email-channels/:id",
    { config: { access: { permission: "settings.edit" } }, schema: { params: idParamSchema, body: EmailChannelInput, response: one } },
    (req) => email.updateMailbox(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.get(
    "/api/interactions/:id/messages/:message_id/email",
    {
      config: { access: { member: true } },
      schema: {
        params: z.object({
          id: z.coerce.number().int().positive({ error: "not_found" }),
          message_id: z.coerce.number().int().positive({ error: "not_found" }),
        }),
        querystring: EmailMessageQuery,
        response: { 200: EmailMessageView },
      },
    },
    (req) => email.emailOfMessage(ctx, requireMember(req.actor), req.params.id, req.params.message_id, req.query.images === "1"),
  );
  app.get(
    "/api/interactions/:id/email-draft",
    { config: { access: { member: true } }, schema: { params: idParamSchema, response: { 200: EmailDraftView } } },
    (req) => email.emailDraftOf(ctx, requireMember(req.actor), req.params.id),
  );
}
