import { LIMITS } from "@holboo/core";
import { flowsEndpoints } from "@holboo/core/endpoints/flows.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { AppError, fail } from "../../platform/http/errors.ts";
import * as prompts from "./voice-prompts.service.ts";

/** Uploading a call operator's recordings, and the signed, expiring address Asterisk plays them from. */
export function voicePromptsRoutes(app: TypedApp, ctx: AppContext) {
  app.post("/api/flows/prompts", { config: { access: { permission: "settings.edit" } }, schema: flowsEndpoints["POST /api/flows/prompts"] }, async (req) => {
    const file = (await req.file({ throwFileSizeLimit: false, limits: { fileSize: LIMITS.voicePromptBytes } })) ?? fail("file_not_found");
    const data = await file.toBuffer();
    return prompts.uploadPrompt(ctx, req.member, file.filename, data, file.file.truncated);
  });
  app.get(
    "/api/voice-prompts/:company_id/:file_id/:expires/:signature",
    {
      config: { access: { public: true }, rateLimit: { max: 600, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") } },
      schema: flowsEndpoints["GET /api/voice-prompts/:company_id/:file_id/:expires/:signature"],
    },
    async (req, reply) => {
      const { company_id: companyId, file_id: fileId, expires, signature } = req.params;
      const file = await prompts.promptForMedia(ctx, companyId, fileId, expires, signature);
      return reply.type(file.mime).header("x-content-type-options", "nosniff").header("cache-control", "private, max-age=300").send(file.data);
    },
  );
}
