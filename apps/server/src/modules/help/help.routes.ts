import { AdminFeedbackView, FeedbackInput, FeedbackView, NotificationPreferences, TourState, idParamSchema, listResponse } from "@holboo/core";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import { fail } from "../../platform/http/errors.ts";
import * as help from "./help.service.ts";

const PageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), page_size: z.coerce.number().int().min(1).max(100).default(50) });

export function helpRoutes(app: TypedApp, ctx: AppContext) {
  app.post("/api/feedback", { config: { access: { member: true } }, schema: { body: FeedbackInput, response: { 200: FeedbackView } } }, (req) =>
    help.sendFeedback(ctx, requireMember(req.actor), req.body),
  );
  app.get(
    "/api/admin/feedback",
    { config: { access: { platformAdmin: true } }, schema: { querystring: PageQuery, response: { 200: listResponse(AdminFeedbackView) } } },
    (req) => help.listFeedbackForPlatform(ctx, req.query.page, req.query.page_size),
  );
  app.get("/api/admin/feedback/:id/screenshot", { config: { access: { platformAdmin: true } }, schema: { params: idParamSchema } }, async (req, reply) => {
    const file = await help.feedbackScreenshot(ctx, req.params.id);
    return reply.type(file.mime).header("x-content-type-options", "nosniff").header("cache-control", "private, max-age=300").send(file.data);
  });
  app.get("/api/me/notifications", { config: { access: { signedIn: true } }, schema: { response: { 200: NotificationPreferences } } }, (req) =>
    help.preferences(ctx, req.actor ?? fail("unauthorized")),
  );
  app.put(
    "/api/me/notifications",
    { config: { access: { signedIn: true } }, schema: { body: NotificationPreferences, response: { 200: NotificationPreferences } } },
    (req) => help.savePreferences(ctx, req.actor ?? fail("unauthorized"), req.body),
  );
  app.get("/api/me/tour", { config: { access: { signedIn: true } }, schema: { response: { 200: TourState } } }, (req) =>
    help.tour(ctx, req.actor ?? fail("unauthorized")),
  );
  app.put("/api/me/tour", { config: { access: { signedIn: true } }, schema: { body: TourState, response: { 200: TourState } } }, (req) =>
    help.saveTour(ctx, req.actor ?? fail("unauthorized"), req.body),
  );
}
