import { onboardingEndpoints } from "@holboo/core/endpoints/onboarding.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import { completeOnboarding } from "./onboarding.service.ts";

export function onboardingRoutes(app: TypedApp, ctx: AppContext) {
  app.post("/api/onboarding", { config: { access: { signedIn: true } }, schema: onboardingEndpoints["POST /api/onboarding"] }, (req) =>
    completeOnboarding(ctx, req.actor ?? fail("unauthorized"), req.body),
  );
}
