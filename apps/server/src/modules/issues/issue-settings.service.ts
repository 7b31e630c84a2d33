import { type IssueSettingInput, type ErrorCode, type IssueSettingKind, type IssueSettingView } from "@holboo/core";
import type { z } from "zod";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { AppContext } from "../../context.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./issue-settings.repo.ts";

type Input = z.output<typeof IssueSettingInput>;

export const NOT_FOUND: Record<IssueSettingKind, ErrorCode> = { type: "issue_type_not_found", tag: "issue_tag_not_found", reason: "issue_reason_not_found" };

export const presentSetting = (row: repo.IssueSettingRow): IssueSettingView => ({
  id: row.id,
  kind: row.kind as IssueSettingKind,
  name: row.name,
  description: row.description,
  color: row.color,
  created_at: row.createdAt.toISOString(),
});

const duplicateName = () => fail("issue_setting_exists", { name: "issue_setting_exists" });
const values = (kind: IssueSettingKind, input: Input) => ({ name: input.name, description: input.description, color: kind === "tag" ? input.color : null });

export async function list(ctx: AppContext, actor: MemberActor, kind: IssueSettingKind) {
  const rows = await repo.listSettings(ctx.db, actor.companyId, kind);
  return { items: rows.map(presentSetting), total: rows.length };
}

export async function create(ctx: AppContext, actor: MemberActor, kind: IssueSettingKind, input: Input) {
  return presentSetting(await onUniqueViolation(repo.insertSetting(ctx.db, { companyId: actor.companyId, kind, ...values(kind, input) }), duplicateName));
}

export async function update(ctx: AppContext, actor: MemberActor, kind: IssueSettingKind, id: number, input: Input) {
  const row = await onUniqueViolation(repo.updateSetting(ctx.db, actor.companyId, kind, id, values(kind, input)), duplicateName);
  return presentSetting(row ?? fail(NOT_FOUND[kind]));
}

export async function remove(ctx: AppContext, actor: MemberActor, kind: IssueSettingKind, id: number) {
  if (!(await repo.deleteSetting(ctx.db, actor.companyId, kind, id))) fail(NOT_FOUND[kind]);
  return { ok: true as const };
}
