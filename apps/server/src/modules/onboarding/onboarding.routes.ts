import { MeView, OnboardingInput } from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import { completeOnboarding } from "./onboarding.service.ts";

export function onboardingRoutes(app: TypedApp, ctx: AppContext) {
  app.post("/api/onboarding", { config: { access: { signedIn: true } }, schema: { body: OnboardingInput, response: { 200: MeView } } }, (req) =>
    completeOnboarding(ctx, req.actor ?? fail("unauthorized"), req.body),
  );
}
