import path from "node:path";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { CACHE } from "../../platform/http/cache.ts";
import { AppError } from "../../platform/http/errors.ts";
import { DEFAULT_WIDGET_DIST, widgetApps, widgetFiles } from "./widget-files.ts";
import { frameDomainFor } from "./webchat.service.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only the channel's own site (and its subdomains) and Holboo itself may frame the chat. */
export function frameAncestors(domain: string | null): string {
  if (!domain) return "frame-ancestors 'self'";
  return `frame-ancestors 'self' https://${domain} https://*.${domain} http://${domain} http://*.${domain}`;
}

const page = (body: string, script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Holboo</title></head><body>${body}${script}</body></html>`;

export function webchatPageRoutes(app: TypedApp, ctx: AppContext) {
  const widgetDist = ctx.config.WIDGET_DIST_DIR ? path.resolve(ctx.config.WIDGET_DIST_DIR) : DEFAULT_WIDGET_DIST;
  void app.register(widgetFiles(widgetDist));
  const appFor = widgetApps(widgetDist);
  const keyQuery = z.object({ key: z.string().min(8).max(64).optional(), parent: z.string().max(300).optional(), v: z.string().max(32).optional() });

  // The chat app inside the iframe (the spec's /webchat, chatbot layout).
  // Its own policy: framed by the channel's site, where the app's `frame-ancestors 'none'` would forbid it.
  // It reads the channel by its key: limited like the widget's logo (README, "Limits on public endpoints").
  const framePage = {
    access: { public: true } as const,
    rateLimit: { max: 300, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") },
  };
  app.get("/webchat", { helmet: false, config: framePage, schema: { querystring: keyQuery } }, async (req, reply) => {
    const domain = await frameDomainFor(ctx, req.query.key);
    return reply
      .type("text/html; charset=utf-8")
      .header(
        "content-security-policy",
        `${frameAncestors(domain)}; default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws: wss:`,
      )
      .header("x-content-type-options", "nosniff")
      .header("referrer-policy", "strict-origin-when-cross-origin")
      .header("cache-control", CACHE.revalidate)
      .send(page('<div id="app"></div>', `<script type="module" src="/widget/${appFor(req.query.v)}"></script>`));
  });

  // A page that embeds the widget, so an admin can try a channel.
  app.get("/webchat/test", { config: { access: { public: true } }, schema: { querystring: keyQuery } }, async (req, reply) => {
    const key = req.query.key ? escapeHtml(req.query.key) : "";
    const body =
      '<main style="font-family:system-ui;max-width:640px;margin:60px auto;padding:0 20px"><h1>Holboo web chat</h1><p>Вэб чатын туршилтын хуудас. Баруун доод булан дахь товчийг дарна уу. / A test page for the web chat: use the button in the bottom-right corner.</p></main>';
    return reply
      .type("text/html; charset=utf-8")
      .header("x-content-type-options", "nosniff")
      .send(page(body, key ? `<script src="/widget/loader.js" data-holboo-key="${key}" async></script>` : ""));
  });
}
