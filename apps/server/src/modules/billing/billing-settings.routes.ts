import { billingEndpoints } from "@holboo/core/endpoints/billing.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/http/errors.ts";
import * as settings from "./billing-settings.service.ts";

const admin = { access: { platformAdmin: true } } as const;

/**
 * The installation's payee and terms of service: every member reads where to pay (also while access is closed), anyone
 * reads the terms (the purchase links to them, readable before agreeing), the platform admin edits both.
 */
export function billingSettingsRoutes(app: TypedApp, ctx: AppContext) {
  app.get(
    "/api/billing/payment-details",
    { config: { access: { member: true }, openWhenAccessClosed: true }, schema: billingEndpoints["GET /api/billing/payment-details"] },
    () => settings.paymentDetails(ctx),
  );
  app.get(
    "/api/billing/terms",
    {
      config: { access: { public: true }, rateLimit: { max: 120, timeWindow: "1 minute", errorResponseBuilder: () => new AppError("rate_limited") } },
      schema: billingEndpoints["GET /api/billing/terms"],
    },
    () => settings.terms(ctx),
  );
  app.get("/api/admin/billing/settings", { config: admin, schema: billingEndpoints["GET /api/admin/billing/settings"] }, () =>
    settings.adminBillingSettings(ctx),
  );
  app.put("/api/admin/billing/payee", { config: admin, schema: billingEndpoints["PUT /api/admin/billing/payee"] }, (req) => settings.setPayee(ctx, req.body));
  app.delete("/api/admin/billing/payee", { config: admin, schema: billingEndpoints["DELETE /api/admin/billing/payee"] }, () => settings.clearPayee(ctx));
  app.put("/api/admin/billing/terms", { config: admin, schema: billingEndpoints["PUT /api/admin/billing/terms"] }, (req) => settings.setTerms(ctx, req.body));
  app.delete("/api/admin/billing/terms", { config: admin, schema: billingEndpoints["DELETE /api/admin/billing/terms"] }, () => settings.resetTerms(ctx));
}
