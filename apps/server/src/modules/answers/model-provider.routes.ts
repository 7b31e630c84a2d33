import { answersEndpoints } from "@holboo/core/endpoints/answers.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as modelProvider from "./model-provider.service.ts";

/** The company's optional model provider for the answer engine (settings → AI agent). */
export function modelProviderRoutes(app: TypedApp, ctx: AppContext) {
  const path = "/api/settings/model-provider";
  const access = { permission: "settings.edit" } as const;
  app.get(path, { config: { access }, schema: answersEndpoints["GET /api/settings/model-provider"] }, (req) => modelProvider.get(ctx, req.member));
  app.put(path, { config: { access }, schema: answersEndpoints["PUT /api/settings/model-provider"] }, (req) => modelProvider.save(ctx, req.member, req.body));
  app.delete(path, { config: { access }, schema: answersEndpoints["DELETE /api/settings/model-provider"] }, (req) => modelProvider.remove(ctx, req.member));
}
