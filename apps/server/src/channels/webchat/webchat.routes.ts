import { channelWebchatEndpoints } from "@holboo/core/endpoints/channel-webchat.ts";
import { VISITOR_TOKEN_HEADER } from "@holboo/core";
import type { FastifyRequest } from "fastify";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { AppError, fail } from "../../platform/http/errors.ts";
import { storeAttachment } from "../../modules/interactions/attachments.service.ts";
import { findInteraction, listEventsAfter } from "../../modules/interactions/interactions.lookup.ts";
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

  // Every page view with the widget starts one (a returning visitor too), so a busy shared address may need more.
  app.post(
    "/api/webchat/session",
    { config: limit(ctx.config.WEBCHAT_SESSIONS_PER_IP_PER_MINUTE, false), schema: channelWebchatEndpoints["POST /api/webchat/session"] },
    (req) => startSession(ctx, req.body, req.ip),
  );
  app.post("/api/webchat/messages", { config: limit(120, true), schema: channelWebchatEndpoints["POST /api/webchat/messages"] }, async (req) =>
    sendFromVisitor(ctx, await requireVisitor(ctx, tokenOf(req)), req.body),
  );
  app.get("/api/webchat/events", { config: limit(600, true), schema: channelWebchatEndpoints["GET /api/webchat/events"] }, async (req) => {
    const visitor = await requireVisitor(ctx, tokenOf(req));
    const interaction = await findInteraction(ctx.db, visitor.companyId, req.query.interaction_id);
    if (!interaction || interaction.identityId !== visitor.identityId) fail("interaction_not_found");
    const rows = await listEventsAfter(ctx.db, visitor.companyId, req.query.interaction_id, req.query.after, 500, true);
    return { items: rows.map(presentEvent) };
  });
  app.post("/api/webchat/seen", { config: limit(600, true), schema: channelWebchatEndpoints["POST /api/webchat/seen"] }, async (req) => {
    const visitor = await requireVisitor(ctx, tokenOf(req));
    const interaction = await findInteraction(ctx.db, visitor.companyId, req.body.interaction_id);
    if (!interaction || interaction.identityId !== visitor.identityId) return fail("interaction_not_found");
    return markRead(ctx, interaction, "contact", req.body.up_to_seq);
  });
  app.post("/api/webchat/attachments", { config: limit(20, true), schema: channelWebchatEndpoints["POST /api/webchat/attachments"] }, async (req) => {
    const visitor = await requireVisitor(ctx, tokenOf(req));
    const file = (await req.file({ throwFileSizeLimit: false })) ?? fail("file_not_found");
    const data = await file.toBuffer();
    return storeAttachment(ctx, visitor.companyId, file.filename, data, file.file.truncated);
  });
  app.get("/api/webchat/files/:id", { config: limit(120, true), schema: channelWebchatEndpoints["GET /api/webchat/files/:id"] }, async (req, reply) => {
    const file = await visitorFile(ctx, await requireVisitor(ctx, tokenOf(req)), req.params.id);
    // Always a download: the file is the customer's or the company's upload, never a page of ours.
    return reply
      .type(file.mime)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", "private, no-store")
      .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.name || "file")}`)
      .send(file.data);
  });
}
