/** The HTTP endpoints of modules/issues/issue-settings.routes.ts, modules/issues/issues.routes.ts: method and path → the route's zod schemas. */
import {
  CreateIssueInput,
  IssueAssignInput,
  IssueCommentInput,
  IssueCommentView,
  IssueContactQuery,
  IssueDetailView,
  IssueSettingInput,
  IssueSettingView,
  IssueListQuery,
  IssueRef,
  IssueStatusInput,
  IssueView,
  UpdateIssueInput,
  idParamSchema,
  listResponse,
  okResponse,
} from "../index.ts";
import type { EndpointTable } from "./define.ts";

/** Issue types, tags and reasons are three lists with one shape; each path's routes use these same objects. */
export const issueSettingSchemas = {
  list: { response: { 200: listResponse(IssueSettingView) } },
  create: { body: IssueSettingInput, response: { 200: IssueSettingView } },
  update: { params: idParamSchema, body: IssueSettingInput, response: { 200: IssueSettingView } },
  remove: { params: idParamSchema, response: { 200: okResponse } },
} as const;

export const issuesEndpoints = {
  "GET /api/issues": { querystring: IssueListQuery, response: { 200: listResponse(IssueView) } },
  "POST /api/issues": { body: CreateIssueInput, response: { 200: IssueView } },
  "GET /api/issues/:id": { params: idParamSchema, response: { 200: IssueDetailView } },
  "PUT /api/issues/:id": { params: idParamSchema, body: UpdateIssueInput, response: { 200: IssueView } },
  "POST /api/issues/:id/status": { params: idParamSchema, body: IssueStatusInput, response: { 200: IssueView } },
  "POST /api/issues/:id/assign": { params: idParamSchema, body: IssueAssignInput, response: { 200: IssueView } },
  "DELETE /api/issues/:id": { params: idParamSchema, response: { 200: okResponse } },
  "GET /api/issue-options/people": { response: { 200: listResponse(IssueRef) } },
  "GET /api/issue-options/contacts": { querystring: IssueContactQuery, response: { 200: listResponse(IssueRef) } },
  "POST /api/issues/:id/comments": { params: idParamSchema, body: IssueCommentInput, response: { 200: IssueCommentView } },
  "GET /api/issue-types": issueSettingSchemas.list,
  "POST /api/issue-types": issueSettingSchemas.create,
  "PUT /api/issue-types/:id": issueSettingSchemas.update,
  "DELETE /api/issue-types/:id": issueSettingSchemas.remove,
  "GET /api/issue-tags": issueSettingSchemas.list,
  "POST /api/issue-tags": issueSettingSchemas.create,
  "PUT /api/issue-tags/:id": issueSettingSchemas.update,
  "DELETE /api/issue-tags/:id": issueSettingSchemas.remove,
  "GET /api/issue-reasons": issueSettingSchemas.list,
  "POST /api/issue-reasons": issueSettingSchemas.create,
  "PUT /api/issue-reasons/:id": issueSettingSchemas.update,
  "DELETE /api/issue-reasons/:id": issueSettingSchemas.remove,
} as const satisfies EndpointTable;
