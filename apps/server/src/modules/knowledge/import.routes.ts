import { knowledgeEndpoints } from "@holboo/core/endpoints/knowledge.ts";
import { LIMITS } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import * as imports from "./import.service.ts";

/** Importing articles from a .docx/.pdf upload or a web page; needs `settings.edit` like every knowledge change. */
const write = { access: { permission: "settings.edit" as const } };
const perMinute = { max: 30, timeWindow: "1 minute" };

export function importRoutes(app: TypedApp, ctx: AppContext) {
  app.post(
    "/api/knowledge/import/file",
    { config: { ...write, rateLimit: perMinute }, schema: knowledgeEndpoints["POST /api/knowledge/import/file"] },
    async (req) => {
      const file = (await req.file({ limits: { fileSize: LIMITS.knowledgeUploadBytes }, throwFileSizeLimit: false })) ?? fail("file_not_found");
      const data = await file.toBuffer();
      if (file.file.truncated) fail("payload_too_large");
      return imports.fromFile(ctx, req.member, req.query.folder_id, data, file.filename);
    },
  );
  app.post("/api/knowledge/import/url", { config: { ...write, rateLimit: perMinute }, schema: knowledgeEndpoints["POST /api/knowledge/import/url"] }, (req) =>
    imports.fromUrl(ctx, req.member, req.body),
  );
}
