import { CHANNEL_TYPES, type ChannelType } from "@holboo/core";
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TypedApp } from "../app.ts";
import type { AppContext } from "../context.ts";
import { AppError, fail } from "../platform/http/errors.ts";
import { keepRawJsonBodies } from "../platform/http/raw-body.ts";
import { adapterFor, type InboundWebhook, type SkippedItem } from "./adapter.ts";
import { storeProviderEvents } from "./receive-event.job.ts";

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** What a provider is answered: how many events were new, and how many items were logged and skipped. */
function answered(stored: number, skipped: SkippedItem[]) {
  return {
    ok: true as const,
    stored,
    ignored: skipped.filter((item) => item.reason === "ignored").length,
    invalid: skipped.filter((item) => item.reason === "invalid").length,
  };
}

function logSkipped(ctx: AppContext, type: string, skipped: SkippedItem[]) {
  for (const item of skipped) {
    if (item.reason === "invalid" || item.notable)
      ctx.log.warn(
        { type, kind: item.kind, detail: item.detail },
        item.reason === "invalid" ? "webhook item fits no documented shape; skipped" : "webhook item Holboo takes no action on, worth knowing; ignored",
      );
    else ctx.log.info({ type, kind: item.kind, detail: item.detail }, "webhook item of a kind Holboo takes no action on; ignored");
  }
}

/** An app-wide webhook (Meta's one callback URL for every Page): checked, split by channel, each group stored. */
async function receiveDispatched(ctx: AppContext, type: string, webhook: InboundWebhook, req: FastifyRequest) {
  const read = webhook.dispatch ? await webhook.dispatch(ctx, { rawBody: req.rawBody ?? Buffer.alloc(0), headers: req.headers, body: req.body }) : null;
  if (!read) return fail("unauthorized");
  logSkipped(ctx, type, read.skipped);
  let stored = 0;
  for (const group of read.groups) if (group.channel.active) stored += await storeProviderEvents(ctx, group.channel, group.events);
  return answered(stored, read.skipped);
}

/**
 * Every provider calls POST /webhooks/{type}/{key} (Meta's app-wide webhook also POST /webhooks/messenger):
 * the adapter finds the channel by its key and checks the signature over the raw body (a mismatch is 401
 * and stores nothing), each item is read on its own (one the provider documents but Holboo does not act
 * on, or one that fits no documented shape, is logged and skipped, never refusing the others), the events
 * are stored with the provider's ids and their jobs added, and the provider is answered 200 at once.
 */
export function webhookRoutes(app: TypedApp, ctx: AppContext) {
  void app.register(async (scope) => {
    keepRawJsonBodies(scope, WEBHOOK_BODY_LIMIT);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const config = {
      access: { public: true as const },
      rateLimit: { max: 6000, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") },
    };
    const type = z.enum(CHANNEL_TYPES, { error: "not_found" });
    typed.post("/webhooks/:type", { config, schema: { params: z.object({ type }) } }, async (req) => {
      const webhook = adapterFor(req.params.type as ChannelType)?.webhook;
      if (!webhook?.dispatch) return fail("not_found");
      return receiveDispatched(ctx, req.params.type, webhook, req);
    });
    typed.post("/webhooks/:type/:key", { config, schema: { params: z.object({ type, key: z.string().min(8).max(128) }) } }, async (req) => {
      const webhook = adapterFor(req.params.type as ChannelType)?.webhook ?? fail("not_found");
      if (webhook.dispatch) return receiveDispatched(ctx, req.params.type, webhook, req);
      const channel = await webhook.authenticate(ctx, { key: req.params.key, rawBody: req.rawBody ?? Buffer.alloc(0), headers: req.headers });
      if (!channel || !channel.active) return fail("unauthorized");
      const read = webhook.events(req.body);
      logSkipped(ctx, req.params.type, read.skipped);
      const stored = await storeProviderEvents(ctx, channel, read.events);
      const answer = webhook.answer ? await webhook.answer(ctx, req.body, channel) : null;
      return answer ?? answered(stored, read.skipped);
    });
  });
}
