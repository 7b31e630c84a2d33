import { issuesEndpoints } from "@holboo/core/endpoints/issues.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as issues from "./issues.service.ts";

/** Issues (customer requests). Who sees which issue is decided in issues.policy.ts; invisible ones answer 404. */
export function issuesRoutes(app: TypedApp, ctx: AppContext) {
  const member = { access: { member: true as const } };
  const edit = { access: { permission: "issue.edit" as const } };
  app.get("/api/issues", { config: member, schema: issuesEndpoints["GET /api/issues"] }, (req) => issues.list(ctx, req.member, req.query));
  app.post("/api/issues", { config: edit, schema: issuesEndpoints["POST /api/issues"] }, (req) => issues.create(ctx, req.member, req.body));
  app.get("/api/issues/:id", { config: member, schema: issuesEndpoints["GET /api/issues/:id"] }, (req) => issues.detail(ctx, req.member, req.params.id));
  app.put("/api/issues/:id", { config: edit, schema: issuesEndpoints["PUT /api/issues/:id"] }, (req) =>
    issues.update(ctx, req.member, req.params.id, req.body),
  );
  app.post("/api/issues/:id/status", { config: edit, schema: issuesEndpoints["POST /api/issues/:id/status"] }, (req) =>
    issues.changeStatus(ctx, req.member, req.params.id, req.body.status),
  );
  app.post("/api/issues/:id/assign", { config: { access: { permission: "issue.assign" } }, schema: issuesEndpoints["POST /api/issues/:id/assign"] }, (req) =>
    issues.assign(ctx, req.member, req.params.id, req.body.assignee_id),
  );
  app.delete("/api/issues/:id", { config: { access: { permission: "issue.delete" } }, schema: issuesEndpoints["DELETE /api/issues/:id"] }, (req) =>
    issues.remove(ctx, req.member, req.params.id),
  );
  // Pickers of the form: colleagues for every member (assign, mention), customers for those who create issues.
  app.get("/api/issue-options/people", { config: member, schema: issuesEndpoints["GET /api/issue-options/people"] }, (req) => issues.people(ctx, req.member));
  app.get("/api/issue-options/contacts", { config: edit, schema: issuesEndpoints["GET /api/issue-options/contacts"] }, (req) =>
    issues.contactOptions(ctx, req.member, req.query.search),
  );
  app.post("/api/issues/:id/comments", { config: edit, schema: issuesEndpoints["POST /api/issues/:id/comments"] }, (req) =>
    issues.comment(ctx, req.member, req.params.id, req.body.body, req.body.mention_ids),
  );
}
