/** The HTTP endpoints of modules/auth/auth.routes.ts: method and path → the route's zod schemas. */
import {
  ChangeLangQuery,
  HandoffInput,
  LoginInput,
  LoginResult,
  MeView,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  PresenceInput,
  SetPasswordInput,
  SignupInput,
  TwoFactorLoginInput,
  UpdateProfileInput,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

const loggedOut = { response: { 200: okResponse } };

export const authEndpoints = {
  "POST /api/signup": { body: SignupInput, response: { 200: MeView } },
  "POST /api/login": { body: LoginInput, response: { 200: LoginResult } },
  "POST /api/login/two-factor": { body: TwoFactorLoginInput, response: { 200: MeView } },
  "POST /api/auth/handoff": { body: HandoffInput, response: { 200: LoginResult } },
  "POST /api/password/forgot": { body: PasswordResetRequestInput, response: { 200: okResponse } },
  "POST /api/password/reset": { body: PasswordResetConfirmInput, response: { 200: okResponse } },
  "GET /api/logout": loggedOut,
  "POST /api/logout": loggedOut,
  "GET /api/me": { response: { 200: MeView } },
  "PUT /api/me": { body: UpdateProfileInput, response: { 200: MeView } },
  "PUT /api/me/password": { body: SetPasswordInput, response: { 200: okResponse } },
  "PUT /api/me/presence": { body: PresenceInput, response: { 200: okResponse } },
  "PUT /api/change-lang": { querystring: ChangeLangQuery, response: { 200: okResponse } },
} as const satisfies EndpointTable;
