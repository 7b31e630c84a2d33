import { ServiceRatingInput, ServiceRatingView } from "@holboo/core";
import { z } from "zod";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/http/errors.ts";
import { ratingPage, rate } from "./rating.service.ts";

export function ratingRoutes(app: TypedApp, ctx: AppContext) {
  const params = z.object({ token: z.string().min(20).max(100) });
  const config = {
    access: { public: true } as const,
    rateLimit: { max: 30, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") },
  };
  app.get("/api/public/servicerate/:token", { config, schema: { params, response: { 200: ServiceRatingView } } }, (req) => ratingPage(ctx, req.params.token));
  app.post("/api/public/servicerate/:token", { config, schema: { params, body: ServiceRatingInput, response: { 200: ServiceRatingView } } }, (req) =>
    rate(ctx, req.params.token, req.body),
  );
}
