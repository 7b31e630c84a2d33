import { channelMediaEndpoints } from "@holboo/core/endpoints/channel-media.ts";
import type { TypedApp } from "../app.ts";
import type { AppContext } from "../context.ts";
import { findFile } from "../modules/companies/companies.lookup.ts";
import { AppError, fail } from "../platform/http/errors.ts";
import { isProviderMediaSignature } from "./media.ts";

/** GET /api/channel-media/{company}/{file}/{digest}: a reply's file for the provider that delivers it. */
export function channelMediaRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    "/api/channel-media/:company_id/:file_id/:signature",
    {
      config: { access: { public: true }, rateLimit: { max: 600, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") } },
      schema: channelMediaEndpoints["GET /api/channel-media/:company_id/:file_id/:signature"],
    },
    async (req, reply) => {
      const { company_id: companyId, file_id: fileId, signature } = req.params;
      if (!isProviderMediaSignature(ctx, companyId, fileId, signature)) fail("file_not_found");
      const file = (await findFile(ctx.db, companyId, fileId)) ?? fail("file_not_found");
      const name = encodeURIComponent(file.name || "file");
      return reply
        .type(file.mime)
        .header("x-content-type-options", "nosniff")
        .header("content-disposition", `inline; filename*=UTF-8''${name}`)
        .send(file.data);
    },
  );
}
