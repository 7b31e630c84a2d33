import { ISSUE_SETTING_PATHS, type IssueSettingKind } from "@holboo/core";
import { issueSettingSchemas } from "@holboo/core/endpoints/issues.ts";
import type { TypedApp } from "../../app.ts";
import type { AppContext } from "../../context.ts";
import * as settings from "./issue-settings.service.ts";

export function issueSettingsRoutes(app: TypedApp, ctx: AppContext) {
  const edit = { access: { permission: "settings.edit" as const } };
  for (const [kind, path] of Object.entries(ISSUE_SETTING_PATHS) as Array<[IssueSettingKind, string]>) {
    app.get(path, { config: { access: { member: true } }, schema: issueSettingSchemas.list }, (req) => settings.list(ctx, req.member, kind));
    app.post(path, { config: edit, schema: issueSettingSchemas.create }, (req) => settings.create(ctx, req.member, kind, req.body));
    app.put(`${path}/:id`, { config: edit, schema: issueSettingSchemas.update }, (req) => settings.update(ctx, req.member, kind, req.params.id, req.body));
    app.delete(`${path}/:id`, { config: edit, schema: issueSettingSchemas.remove }, (req) => settings.remove(ctx, req.member, kind, req.params.id));
  }
}
