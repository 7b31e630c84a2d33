/** The HTTP endpoints of channels/email/setup.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
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
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const channelEmailEndpoints = {
  "POST /api/email-oauth/:provider/start": {
    params: z.object({ provider: z.enum(EMAIL_OAUTH_PROVIDERS, { error: "not_found" }) }),
    response: { 200: EmailOAuthStartView },
  },
  "GET /api/email-oauth/callback": {
    querystring: z.object({ code: z.string().max(4000).optional(), state: z.string().max(300).optional(), error: z.string().max(300).optional() }),
  },
  "POST /api/email-oauth/session": { body: EmailOAuthSessionInput, response: { 200: EmailOAuthSessionView } },
  "GET /api/company/:company_id/channel/emails": {
    params: z.object({ company_id: z.coerce.number().int({ error: "company_id_empty" }) }),
    response: { 200: z.object({ items: z.array(EmailChannelView) }) },
  },
  "POST /api/email-channels": { body: EmailChannelInput, response: { 200: EmailChannelView } },
  "GET /api/email-channels/:id": { params: idParamSchema, response: { 200: EmailChannelView } },
  "PUT /api/email-channels/:id": { params: idParamSchema, body: EmailChannelInput, response: { 200: EmailChannelView } },
  "GET /api/interactions/:id/messages/:message_id/email": {
    params: z.object({
      id: z.coerce.number().int().positive({ error: "not_found" }),
      message_id: z.coerce.number().int().positive({ error: "not_found" }),
    }),
    querystring: EmailMessageQuery,
    response: { 200: EmailMessageView },
  },
  "GET /api/interactions/:id/email-draft": { params: idParamSchema, response: { 200: EmailDraftView } },
} as const satisfies EndpointTable;
