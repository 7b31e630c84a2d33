import {
  AttachmentView,
  InteractionEventView,
  MessageView,
  VISITOR_TOKEN_HEADER,
  VisitorEventsQuery,
  VisitorMessageInput,
  VisitorSeenInput,
  WebchatSessionInput,
  WebchatSessionView,
  okResponse,
} from "@holboo/core";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { AppError, fail } from "../../platform/http/errors.ts";
import { storeAttachment } from "../../modules/interactions/attachments.service.ts";
import { findInteraction, listEventsAfter } from "../../modules/interactions/interactions.service.ts";
import { markRead } from "../../modules/interactions/messages.service.ts";
import { presentEvent } from "../../modules/interactions/interactions.presenter.ts";
import { requireVisitor, sendFromVisitor, startSession, visitorFile } from "./webchat.service.ts";

const tokenOf = (req: FastifyRequest) => {
  const header = req.headers[VISITOR_TOKEN_HEADER];
  return typeof header === "string" ? header : undefined;
};

export function webchatRoutes(app: TypedApp, ctx: AppContext) {
  const limit = (max: number, byVisitor: boolean) => ({
    access: { public: true } as const,
    rateLimit: {
      max,
      timeWindow: "1 minute",
      keyGenerator: (req: FastifyRequest) => (byVisitor ? `visitor:${tokenOf(req) ?? req.ip}` : `ip:${req.ip}`),
      errorResponseBuilder: () => new AppError("rate_limited"),
    },
  });

  app.post("/api/webchat/session", { config: limit(60, false), schema: { body: WebchatSessionInput, response: { 200: WebchatSessionView } } }, (req) =>
    startSession(ctx, req.body, req.ip),
  );
  app.post("/api/webchat/messages", { config: limit(120, true), schema: { body: VisitorMessageInput, response: { 200: MessageView } } }, async (req) =>
    sendFromVisitor(ctx, await requireVisitor(ctx, tokenOf(req)), req.body),
  );
  app.get(
    "/api/webchat/events",
    { config: limit(600, true), schema: { querystring: VisitorEventsQuery, response: { 200: z.object({ items: z.array(InteractionEventView) }) } } },
    async (req) => {
      const visitor = await requireVisitor(ctx, tokenOf(req));
      const interaction = await findInteraction(ctx.db, visitor.companyId, req.query.interaction_id);
      if (!interaction || interaction.identityId !== visitor.identityId) fail("interaction_not_found");
      const rows = await listEventsAfter(ctx.db, visitor.companyId, req.query.interaction_id, req.query.after, 500, true);
      return { items: rows.map(presentEvent) };
    },
  );
  app.post("/api/webchat/seen", { config: limit(600, true), schema: { body: VisitorSeenInput, response: { 200: okResponse } } }, async (req) => {
    const visitor = await requireVisitor(ctx, tokenOf(req));
    const interaction = await findInteraction(ctx.db, visitor.companyId, req.body.interaction_id);
    if (!interaction || interaction.identityId !== visitor.identityId) return fail("interaction_not_found");
    return markRead(ctx, interaction, "contact", req.body.up_to_seq);
  });
  app.post("/api/webchat/attachments", { config: limit(20, true), schema: { response: { 200: AttachmentView } } }, async (req) => {
    const visitor = await requireVisitor(ctx, tokenOf(req));
    const file = (await req.file({ throwFileSizeLimit: false })) ?? fail("file_not_found");
    const data = await file.toBuffer();
    return storeAttachment(ctx, visitor.companyId, file.filename, data, file.file.truncated);
  });
  app.get(
    "/api/webchat/files/:id",
    { config: limit(120, true), schema: { params: z.object({ id: z.uuid({ error: "file_not_found" }) }) } },
    async (req, reply) => {
      const file = await visitorFile(ctx, await requireVisitor(ctx, tokenOf(req)), req.params.id);
      // Always a download: the file is the customer's or the company's upload, never a page of ours.
      return reply
        .type(file.mime)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.name || "file")}`)
        .send(file.data);
    },
  );
}
