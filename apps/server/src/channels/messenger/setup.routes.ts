import { channelMessengerEndpoints } from "@holboo/core/endpoints/channel-messenger.ts";
import { AppError } from "../../platform/http/errors.ts";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { MESSENGER_WEBHOOK_KEY } from "./messenger.config.ts";
import * as handover from "./handover.service.ts";
import * as messenger from "./oauth.service.ts";

export function messengerSetupRoutes(app: TypedApp, ctx: AppContext) {
  /**
   * Meta's verification of the app's webhook: the challenge echoed when the verify token matches, else 403.
   * The callback URL is PUBLIC_URL/webhooks/messenger (README); the older .../messenger/meta-app still answers.
   */
  for (const path of ["/webhooks/messenger", `/webhooks/messenger/${MESSENGER_WEBHOOK_KEY}`]) {
    app.get(
      path,
      {
        config: { access: { public: true }, rateLimit: { max: 60, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") } },
        schema: {
          querystring: z.object({ "hub.mode": z.string().optional(), "hub.verify_token": z.string().optional(), "hub.challenge": z.string().optional() }),
        },
      },
      async (req, reply) => {
        const expected = ctx.config.META_VERIFY_TOKEN;
        const ok = expected && req.query["hub.mode"] === "subscribe" && req.query["hub.verify_token"] === expected && req.query["hub.challenge"];
        if (!ok) throw new AppError("forbidden");
        return reply.type("text/plain").send(req.query["hub.challenge"]);
      },
    );
  }
  app.get(
    "/api/messenger/login",
    { config: { access: { permission: "settings.edit" } }, schema: channelMessengerEndpoints["GET /api/messenger/login"] },
    (req) => messenger.loginUrl(ctx, req.member),
  );
  /** Facebook sends the browser back here; it goes on to the settings page with the sealed session, or the error. */
  app.get(
    "/api/messenger/oauth/callback",
    {
      config: { access: { permission: "settings.edit" } },
      schema: channelMessengerEndpoints["GET /api/messenger/oauth/callback"],
    },
    async (req, reply) => {
      const session = await messenger.finishLogin(ctx, req.member, req.query).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      const target = session ? `/settings/social?messenger_session=${session}` : "/settings/social?messenger_error=messenger_page_connect_failed";
      return reply.redirect(target, 303);
    },
  );
  app.post(
    "/api/messenger/pages",
    { config: { access: { permission: "settings.edit" } }, schema: channelMessengerEndpoints["POST /api/messenger/pages"] },
    (req) => messenger.listPages(ctx, req.member, req.body.session),
  );
  app.post(
    "/api/messenger-channels",
    { config: { access: { permission: "settings.edit" } }, schema: channelMessengerEndpoints["POST /api/messenger-channels"] },
    (req) => messenger.connectPage(ctx, req.member, req.body),
  );
  app.get(
    "/api/messenger-channels/:id",
    { config: { access: { permission: "settings.view" } }, schema: channelMessengerEndpoints["GET /api/messenger-channels/:id"] },
    (req) => messenger.getMessenger(ctx, req.member, req.params.id),
  );
  app.put(
    "/api/messenger-channels/:id",
    {
      config: { access: { permission: "settings.edit" } },
      schema: channelMessengerEndpoints["PUT /api/messenger-channels/:id"],
    },
    (req) => messenger.updateMessenger(ctx, req.member, req.params.id, req.body),
  );
  app.get(
    "/api/interactions/:id/messenger-thread",
    { config: { access: { member: true } }, schema: channelMessengerEndpoints["GET /api/interactions/:id/messenger-thread"] },
    (req) => handover.threadState(ctx, req.member, req.params.id),
  );
  app.post(
    "/api/interactions/:id/messenger-thread/pass",
    { config: { access: { permission: "interaction.edit" } }, schema: channelMessengerEndpoints["POST /api/interactions/:id/messenger-thread/pass"] },
    (req) => handover.passToPageInbox(ctx, req.member, req.params.id),
  );
  app.post(
    "/api/interactions/:id/messenger-thread/take",
    { config: { access: { permission: "interaction.edit" } }, schema: channelMessengerEndpoints["POST /api/interactions/:id/messenger-thread/take"] },
    (req) => handover.takeFromPageInbox(ctx, req.member, req.params.id),
  );
}
