/** The HTTP endpoints of modules/onboarding/onboarding.routes.ts: method and path → the route's zod schemas. */
import { MeView, OnboardingInput } from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const onboardingEndpoints = {
  "POST /api/onboarding": { body: OnboardingInput, response: { 200: MeView } },
} as const satisfies EndpointTable;
