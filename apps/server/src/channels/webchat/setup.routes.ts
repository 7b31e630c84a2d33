import { channelWebchatEndpoints } from "@holboo/core/endpoints/channel-webchat.ts";
import { AppError, fail } from "../../platform/http/errors.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as channels from "./setup.service.ts";

export function webchatSetupRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    "/api/webchat-channels",
    { config: { access: { permission: "settings.edit" } }, schema: channelWebchatEndpoints["POST /api/webchat-channels"] },
    (req) => channels.createWebchat(ctx, req.member, req.body),
  );
  app.get(
    "/api/webchat-channels/:id",
    { config: { access: { permission: "settings.view" } }, schema: channelWebchatEndpoints["GET /api/webchat-channels/:id"] },
    (req) => channels.getWebchat(ctx, req.member, req.params.id),
  );
  app.put(
    "/api/webchat-channels/:id",
    { config: { access: { permission: "settings.edit" } }, schema: channelWebchatEndpoints["PUT /api/webchat-channels/:id"] },
    (req) => channels.updateWebchat(ctx, req.member, req.params.id, req.body),
  );
  app.post(
    "/api/webchat-channels/:id/logo",
    { config: { access: { permission: "settings.edit" } }, schema: channelWebchatEndpoints["POST /api/webchat-channels/:id/logo"] },
    async (req) => {
      const file = (await req.file({ throwFileSizeLimit: false })) ?? fail("file_not_found");
      const data = await file.toBuffer();
      return channels.uploadWebchatLogo(ctx, req.member, req.params.id, data, file.file.truncated);
    },
  );
  app.delete(
    "/api/webchat-channels/:id/logo",
    { config: { access: { permission: "settings.edit" } }, schema: channelWebchatEndpoints["DELETE /api/webchat-channels/:id/logo"] },
    (req) => channels.removeWebchatLogo(ctx, req.member, req.params.id),
  );
  app.get(
    "/api/webchat/logo/:key",
    {
      config: { access: { public: true }, rateLimit: { max: 300, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") } },
      schema: channelWebchatEndpoints["GET /api/webchat/logo/:key"],
    },
    async (req, reply) => {
      const file = await channels.webchatLogo(ctx, req.params.key);
      // The URL carries the file's id, so a new logo is a new URL and this one may be cached long.
      return reply.type(file.mime).header("x-content-type-options", "nosniff").header("cache-control", "public, max-age=86400").send(file.data);
    },
  );
}
