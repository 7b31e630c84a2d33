import { EmailChannelInput, EmailChannelView, EmailDraftView, EmailMessageQuery, EmailMessageView, idParamSchema } from "@holboo/core";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as email from "./setup.service.ts";

export function emailSetupRoutes(app: TypedApp, ctx: AppContext) {
  const one = { 200: EmailChannelView };
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
