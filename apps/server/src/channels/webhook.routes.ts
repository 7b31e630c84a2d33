import { CHANNEL_TYPES, type ChannelType } from "@holboo/core";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TypedApp } from "../app.ts";
import type { AppContext } from "../context.ts";
import { AppError, fail } from "../platform/http/errors.ts";
import { keepRawJsonBodies } from "../platform/http/raw-body.ts";
import { adapterFor } from "./adapter.ts";
import { storeProviderEvents } from "./events.ts";

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Every provider calls POST /webhooks/{type}/{key}: the adapter finds the channel by its key and checks
 * the signature over the raw body (a mismatch is 401 and stores nothing), the events are stored with the
 * provider's ids and their jobs added, and the provider is answered 200 at once.
 */
export function webhookRoutes(app: TypedApp, ctx: AppContext) {
  void app.register(async (scope) => {
    keepRawJsonBodies(scope, WEBHOOK_BODY_LIMIT);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/webhooks/:type/:key",
      {
        config: {
          access: { public: true },
          rateLimit: { max: 6000, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") },
        },
        schema: { params: z.object({ type: z.enum(CHANNEL_TYPES, { error: "not_found" }), key: z.string().min(8).max(128) }) },
      },
      async (req) => {
        const webhook = adapterFor(req.params.type as ChannelType)?.webhook ?? fail("not_found");
        if (webhook.dispatch) {
          const groups = await webhook.dispatch(ctx, { rawBody: req.rawBody ?? Buffer.alloc(0), headers: req.headers, body: req.body });
          if (!groups) return fail("unauthorized");
          if (webhook.wellFormed && !webhook.wellFormed(req.body)) return fail("invalid_parameters");
          let stored = 0;
          for (const group of groups) if (group.channel.active) stored += await storeProviderEvents(ctx, group.channel, group.events);
          return { ok: true as const, stored };
        }
        const channel = await webhook.authenticate(ctx, { key: req.params.key, rawBody: req.rawBody ?? Buffer.alloc(0), headers: req.headers });
        if (!channel || !channel.active) return fail("unauthorized");
        if (webhook.wellFormed && !webhook.wellFormed(req.body)) return fail("invalid_parameters");
        const stored = await storeProviderEvents(ctx, channel, webhook.events(req.body));
        const answer = webhook.answer ? await webhook.answer(ctx, req.body, channel) : null;
        return answer ?? { ok: true as const, stored };
      },
    );
  });
}
