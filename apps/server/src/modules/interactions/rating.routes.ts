import { interactionsEndpoints } from "@holboo/core/endpoints/interactions.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/http/errors.ts";
import { ratingPage, rate } from "./rating.service.ts";

export function ratingRoutes(app: TypedApp, ctx: AppContext) {
  const config = {
    access: { public: true } as const,
    rateLimit: { max: 30, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") },
  };
  app.get("/api/public/servicerate/:token", { config, schema: interactionsEndpoints["GET /api/public/servicerate/:token"] }, (req) =>
    ratingPage(ctx, req.params.token),
  );
  app.post("/api/public/servicerate/:token", { config, schema: interactionsEndpoints["POST /api/public/servicerate/:token"] }, (req) =>
    rate(ctx, req.params.token, req.body),
  );
}
