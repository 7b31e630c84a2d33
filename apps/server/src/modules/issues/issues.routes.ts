import {
  CreateIssueInput,
  IssueAssignInput,
  IssueContactQuery,
  IssueRef,
  IssueCommentInput,
  IssueCommentView,
  IssueDetailView,
  IssueListQuery,
  IssueStatusInput,
  IssueView,
  UpdateIssueInput,
  idParamSchema,
  listResponse,
  okResponse,
} from "@holboo/core";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import { requireMember } from "../../platform/auth/policy.ts";
import * as issues from "./issues.service.ts";

/** Issues (customer requests). Who sees which issue is decided in issues.policy.ts; invisible ones answer 404. */
export function issuesRoutes(app: TypedApp, ctx: AppContext) {
  const member = { access: { member: true as const } };
  const edit = { access: { permission: "issue.edit" as const } };
  app.get("/api/issues", { config: member, schema: { querystring: IssueListQuery, response: { 200: listResponse(IssueView) } } }, (req) =>
    issues.list(ctx, requireMember(req.actor), req.query),
  );
  app.post("/api/issues", { config: edit, schema: { body: CreateIssueInput, response: { 200: IssueView } } }, (req) =>
    issues.create(ctx, requireMember(req.actor), req.body),
  );
  app.get("/api/issues/:id", { config: member, schema: { params: idParamSchema, response: { 200: IssueDetailView } } }, (req) =>
    issues.detail(ctx, requireMember(req.actor), req.params.id),
  );
  app.put("/api/issues/:id", { config: edit, schema: { params: idParamSchema, body: UpdateIssueInput, response: { 200: IssueView } } }, (req) =>
    issues.update(ctx, requireMember(req.actor), req.params.id, req.body),
  );
  app.post("/api/issues/:id/status", { config: edit, schema: { params: idParamSchema, body: IssueStatusInput, response: { 200: IssueView } } }, (req) =>
    issues.changeStatus(ctx, requireMember(req.actor), req.params.id, req.body.status),
  );
  app.post(
    "/api/issues/:id/assign",
    { config: { access: { permission: "issue.assign" } }, schema: { params: idParamSchema, body: IssueAssignInput, response: { 200: IssueView } } },
    (req) => issues.assign(ctx, requireMember(req.actor), req.params.id, req.body.assignee_id),
  );
  app.delete(
    "/api/issues/:id",
    { config: { access: { permission: "issue.delete" } }, schema: { params: idParamSchema, response: { 200: okResponse } } },
    (req) => issues.remove(ctx, requireMember(req.actor), req.params.id),
  );
  // Pickers of the form: colleagues for every member (assign, mention), customers for those who create issues.
  app.get("/api/issue-options/people", { config: member, schema: { response: { 200: listResponse(IssueRef) } } }, (req) =>
    issues.people(ctx, requireMember(req.actor)),
  );
  app.get("/api/issue-options/contacts", { config: edit, schema: { querystring: IssueContactQuery, response: { 200: listResponse(IssueRef) } } }, (req) =>
    issues.contactOptions(ctx, requireMember(req.actor), req.query.search),
  );
  app.post(
    "/api/issues/:id/comments",
    { config: edit, schema: { params: idParamSchema, body: IssueCommentInput, response: { 200: IssueCommentView } } },
    (req) => issues.comment(ctx, requireMember(req.actor), req.params.id, req.body.body, req.body.mention_ids),
  );
}
