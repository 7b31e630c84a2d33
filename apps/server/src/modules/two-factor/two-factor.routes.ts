import { twoFactorEndpoints } from "@holboo/core/endpoints/two-factor.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import * as twoFactor from "./two-factor.service.ts";

/**
 * The person's own two-step verification is `signedIn` (it must answer while the company's requirement holds
 * everything else back); the company's requirement is the admin's.
 */
export function twoFactorRoutes(app: TypedApp, ctx: AppContext) {
  const own = { config: { access: { signedIn: true } } } as const;
  const manage = { config: { access: { permission: "company.manage" } } } as const;

  app.get("/api/me/two-factor", { ...own, schema: twoFactorEndpoints["GET /api/me/two-factor"] }, (req) =>
    twoFactor.status(ctx, req.actor ?? fail("unauthorized")),
  );
  app.post("/api/me/two-factor/setup", { ...own, schema: twoFactorEndpoints["POST /api/me/two-factor/setup"] }, (req) =>
    twoFactor.startSetup(ctx, req.actor ?? fail("unauthorized")),
  );
  app.post("/api/me/two-factor/confirm", { ...own, schema: twoFactorEndpoints["POST /api/me/two-factor/confirm"] }, (req) =>
    twoFactor.confirmSetup(ctx, req.actor ?? fail("unauthorized"), req.body.code),
  );
  app.post("/api/me/two-factor/recovery-codes", { ...own, schema: twoFactorEndpoints["POST /api/me/two-factor/recovery-codes"] }, (req) =>
    twoFactor.regenerateRecoveryCodes(ctx, req.actor ?? fail("unauthorized"), req.body.code),
  );
  app.post("/api/me/two-factor/disable", { ...own, schema: twoFactorEndpoints["POST /api/me/two-factor/disable"] }, (req) =>
    twoFactor.disable(ctx, req.actor ?? fail("unauthorized"), req.body),
  );

  app.get("/api/company/two-factor", { ...manage, schema: twoFactorEndpoints["GET /api/company/two-factor"] }, (req) => twoFactor.getPolicy(ctx, req.member));
  app.put("/api/company/two-factor", { ...manage, schema: twoFactorEndpoints["PUT /api/company/two-factor"] }, (req) =>
    twoFactor.setPolicy(ctx, req.member, req.body.required),
  );
}
