import { z } from "zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/http/errors.ts";
import { keepRawJsonBodies } from "../../platform/http/raw-body.ts";
import { receiveCti } from "./cti.service.ts";

/** POST /webhooks/cti/{key}: a generic PBX's signed call events (channels/cti/cti.service.ts). */
export function ctiRoutes(app: TypedApp, ctx: AppContext) {
  void app.register(async (scope) => {
    keepRawJsonBodies(scope, 64 * 1024);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/webhooks/cti/:key",
      {
        config: { access: { public: true }, rateLimit: { max: 6000, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") } },
        schema: { params: z.object({ key: z.string().min(8).max(128) }) },
      },
      async (req, reply) => reply.code(202).send(await receiveCti(ctx, req.params.key, req.rawBody ?? Buffer.alloc(0), req.headers, req.body)),
    );
  });
}
