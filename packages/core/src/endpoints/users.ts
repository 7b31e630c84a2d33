/** The HTTP endpoints of modules/users/users.routes.ts: method and path → the route's zod schemas. */
import {
  InvitationSentView,
  InvitedUserView,
  InviteUserInput,
  SetUserStatusInput,
  UpdateUserInput,
  UserListQuery,
  UserView,
  idParamSchema,
  listResponse,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

export const usersEndpoints = {
  "GET /api/users": { querystring: UserListQuery, response: { 200: listResponse(UserView) } },
  "GET /api/users/:id": { params: idParamSchema, response: { 200: UserView } },
  "POST /api/users/invite": { body: InviteUserInput, response: { 200: InvitedUserView } },
  "POST /api/users/:id/resend-invite": { params: idParamSchema, response: { 200: InvitationSentView } },
  "PUT /api/users/:id": { params: idParamSchema, body: UpdateUserInput, response: { 200: UserView } },
  "PUT /api/users/:id/status": { params: idParamSchema, body: SetUserStatusInput, response: { 200: UserView } },
  "DELETE /api/users/:id": { params: idParamSchema, response: { 200: okResponse } },
} as const satisfies EndpointTable;
