/** The HTTP endpoints of modules/help/help.routes.ts: method and path → the route's zod schemas. */
import { z } from "zod";
import { AdminFeedbackView, FeedbackInput, FeedbackView, NotificationPreferences, TourState, idParamSchema, listResponse } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const helpEndpoints = {
  "POST /api/feedback": { body: FeedbackInput, response: { 200: FeedbackView } },
  "GET /api/admin/feedback": {
    querystring: z.object({ page: z.coerce.number().int().min(1).default(1), page_size: z.coerce.number().int().min(1).max(100).default(50) }),
    response: { 200: listResponse(AdminFeedbackView) },
  },
  "GET /api/admin/feedback/:id/screenshot": { params: idParamSchema },
  "GET /api/me/notifications": { response: { 200: NotificationPreferences } },
  "PUT /api/me/notifications": { body: NotificationPreferences, response: { 200: NotificationPreferences } },
  "GET /api/me/tour": { response: { 200: TourState } },
  "PUT /api/me/tour": { body: TourState, response: { 200: TourState } },
} as const satisfies EndpointTable;
