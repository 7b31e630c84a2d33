import type { TypedApp } from "../app.ts";
import type { AppContext } from "../context.ts";
import { registerAdapter } from "./adapter.ts";
import { webhookRoutes } from "./webhook.routes.ts";
import { emailAdapter } from "./email/outbound.ts";
import { EmailReaders } from "./email/reader.ts";
import { emailSetupRoutes } from "./email/setup.routes.ts";
import { channelMediaRoutes } from "./media.routes.ts";
import { viberAdapter } from "./viber/viber.adapter.ts";
import { messengerAdapter } from "./messenger/messenger.adapter.ts";
import { messengerSetupRoutes } from "./messenger/setup.routes.ts";
import { viberSetupRoutes } from "./viber/setup.routes.ts";
import { webchatAdapter } from "./webchat/outbound.ts";
import { webchatPageRoutes } from "./webchat/pages.routes.ts";
import { webchatSetupRoutes } from "./webchat/setup.routes.ts";
import { webchatRoutes } from "./webchat/webchat.routes.ts";
import { registerVisitorSocket } from "./webchat/webchat.socket.ts";

/** Every channel the installation offers: its adapter, its routes (setup, inbound) and its sockets; and each PBX driver's. */
export function registerChannels(app: TypedApp, ctx: AppContext) {
  webhookRoutes(app, ctx);
  registerAdapter(webchatAdapter);
  webchatSetupRoutes(app, ctx);
  webchatRoutes(app, ctx);
  webchatPageRoutes(app, ctx);
  registerVisitorSocket(ctx);
  registerAdapter(emailAdapter);
  emailSetupRoutes(app, ctx);
  if (ctx.config.HOLBOO_ROLE !== "web" && ctx.config.EMAIL_READERS) {
    const readers = new EmailReaders(ctx, {
      scanMs: ctx.config.EMAIL_SCAN_SECONDS * 1000,
      pollMs: ctx.config.EMAIL_POLL_SECONDS * 1000,
      backoffMs: 1000,
      maxBackoffMs: 5 * 60_000,
    });
    app.addHook("onReady", () => readers.start());
    app.addHook("onClose", () => readers.stop());
  }
  channelMediaRoutes(app, ctx);
  registerAdapter(viberAdapter);
  viberSetupRoutes(app, ctx);
  registerAdapter(messengerAdapter);
  messengerSetupRoutes(app, ctx);
  // The PBX drivers (modules/calls/pbx-driver.ts), as the composition root lists them (pbx-drivers.ts).
  for (const driver of ctx.pbxDrivers) driver.register(app, ctx);
}
