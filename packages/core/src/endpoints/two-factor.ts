/** The HTTP endpoints of modules/two-factor/two-factor.routes.ts: method and path → the route's zod schemas. */
import {
  RecoveryCodesView,
  TwoFactorCodeInput,
  TwoFactorDisableInput,
  TwoFactorPolicyInput,
  TwoFactorPolicyView,
  TwoFactorSetupView,
  TwoFactorStatusView,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const twoFactorEndpoints = {
  "GET /api/me/two-factor": { response: { 200: TwoFactorStatusView } },
  "POST /api/me/two-factor/setup": { response: { 200: TwoFactorSetupView } },
  "POST /api/me/two-factor/confirm": { body: TwoFactorCodeInput, response: { 200: RecoveryCodesView } },
  "POST /api/me/two-factor/recovery-codes": { body: TwoFactorCodeInput, response: { 200: RecoveryCodesView } },
  "POST /api/me/two-factor/disable": { body: TwoFactorDisableInput, response: { 200: okResponse } },
  "GET /api/company/two-factor": { response: { 200: TwoFactorPolicyView } },
  "PUT /api/company/two-factor": { body: TwoFactorPolicyInput, response: { 200: TwoFactorPolicyView } },
} as const satisfies EndpointTable;
