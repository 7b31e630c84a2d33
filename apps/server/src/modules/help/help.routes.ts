import { helpEndpoints } from "@holboo/core/endpoints/help.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import * as help from "./help.service.ts";

export function helpRoutes(app: TypedApp, ctx: AppContext) {
  app.post("/api/feedback", { config: { access: { member: true } }, schema: helpEndpoints["POST /api/feedback"] }, (req) =>
    help.sendFeedback(ctx, req.member, req.body),
  );
  app.get("/api/admin/feedback", { config: { access: { platformAdmin: true } }, schema: helpEndpoints["GET /api/admin/feedback"] }, (req) =>
    help.listFeedbackForPlatform(ctx, req.query.page, req.query.page_size),
  );
  app.get(
    "/api/admin/feedback/:id/screenshot",
    { config: { access: { platformAdmin: true } }, schema: helpEndpoints["GET /api/admin/feedback/:id/screenshot"] },
    async (req, reply) => {
      const file = await help.feedbackScreenshot(ctx, req.params.id);
      return reply.type(file.mime).header("x-content-type-options", "nosniff").header("cache-control", "private, max-age=300").send(file.data);
    },
  );
  app.get("/api/me/notifications", { config: { access: { signedIn: true } }, schema: helpEndpoints["GET /api/me/notifications"] }, (req) =>
    help.preferences(ctx, req.actor ?? fail("unauthorized")),
  );
  app.put("/api/me/notifications", { config: { access: { signedIn: true } }, schema: helpEndpoints["PUT /api/me/notifications"] }, (req) =>
    help.savePreferences(ctx, req.actor ?? fail("unauthorized"), req.body),
  );
  app.get("/api/me/tour", { config: { access: { signedIn: true } }, schema: helpEndpoints["GET /api/me/tour"] }, (req) =>
    help.tour(ctx, req.actor ?? fail("unauthorized")),
  );
  app.put("/api/me/tour", { config: { access: { signedIn: true } }, schema: helpEndpoints["PUT /api/me/tour"] }, (req) =>
    help.saveTour(ctx, req.actor ?? fail("unauthorized"), req.body),
  );
}
