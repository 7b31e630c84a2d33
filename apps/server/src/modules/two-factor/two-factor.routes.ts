import {
  RecoveryCodesView,
  TwoFactorCodeInput,
  TwoFactorDisableInput,
  TwoFactorPolicyInput,
  TwoFactorPolicyView,
  TwoFactorSetupView,
  TwoFactorStatusView,
  okResponse,
} from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import { fail } from "../../platform/http/errors.ts";
import * as twoFactor from "./two-factor.service.ts";

/**
 * The person's own two-step verification is `signedIn` (it must answer while the company's requirement holds
 * everything else back); the company's requirement is the admin's.
 */
export function twoFactorRoutes(app: TypedApp, ctx: AppContext) {
  const own = { config: { access: { signedIn: true } } } as const;
  const manage = { config: { access: { permission: "company.manage" } } } as const;

  app.get("/api/me/two-factor", { ...own, schema: { response: { 200: TwoFactorStatusView } } }, (req) =>
    twoFactor.status(ctx, req.actor ?? fail("unauthorized")),
  );
  app.post("/api/me/two-factor/setup", { ...own, schema: { response: { 200: TwoFactorSetupView } } }, (req) =>
    twoFactor.startSetup(ctx, req.actor ?? fail("unauthorized")),
  );
  app.post("/api/me/two-factor/confirm", { ...own, schema: { body: TwoFactorCodeInput, response: { 200: RecoveryCodesView } } }, (req) =>
    twoFactor.confirmSetup(ctx, req.actor ?? fail("unauthorized"), req.body.code),
  );
  app.post("/api/me/two-factor/recovery-codes", { ...own, schema: { body: TwoFactorCodeInput, response: { 200: RecoveryCodesView } } }, (req) =>
    twoFactor.regenerateRecoveryCodes(ctx, req.actor ?? fail("unauthorized"), req.body.code),
  );
  app.post("/api/me/two-factor/disable", { ...own, schema: { body: TwoFactorDisableInput, response: { 200: okResponse } } }, (req) =>
    twoFactor.disable(ctx, req.actor ?? fail("unauthorized"), req.body),
  );

  app.get("/api/company/two-factor", { ...manage, schema: { response: { 200: TwoFactorPolicyView } } }, (req) =>
    twoFactor.getPolicy(ctx, requireMember(req.actor)),
  );
  app.put("/api/company/two-factor", { ...manage, schema: { body: TwoFactorPolicyInput, response: { 200: TwoFactorPolicyView } } }, (req) =>
    twoFactor.setPolicy(ctx, requireMember(req.actor), req.body.required),
  );
}
