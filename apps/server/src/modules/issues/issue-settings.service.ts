import { type IssueSettingInput, type ErrorCode, type IssueSettingKind, type IssueSettingView } from "@holboo/core";
import type { z } from "zod";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { AppContext } from "../../context.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./issue-settings.repo.ts";
import { changedFields, recordAudit } from "../audit/audit.service.ts";

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

const audited = (row: repo.IssueSettingRow) => ({ kind: row.kind, name: row.name, description: row.description, color: row.color });

export async function create(ctx: AppContext, actor: MemberActor, kind: IssueSettingKind, input: Input) {
  const row = await onUniqueViolation(
    ctx.db.transaction(async (tx) => {
      const created = await repo.insertSetting(tx, { companyId: actor.companyId, kind, ...values(kind, input) });
      await recordAudit(tx, actor, { action: "issue_setting.create", targetType: "issue_setting", targetId: created.id, after: audited(created) });
      return created;
    }),
    duplicateName,
  );
  return presentSetting(row);
}

export async function update(ctx: AppContext, actor: MemberActor, kind: IssueSettingKind, id: number, input: Input) {
  const row = await onUniqueViolation(
    ctx.db.transaction(async (tx) => {
      const [before] = await repo.findSettings(tx, actor.companyId, kind, [id]);
      const updated = await repo.updateSetting(tx, actor.companyId, kind, id, values(kind, input));
      const change = before && updated && changedFields(audited(before), audited(updated));
      if (change) await recordAudit(tx, actor, { action: "issue_setting.update", targetType: "issue_setting", targetId: id, ...change });
      return updated;
    }),
    duplicateName,
  );
  return presentSetting(row ?? fail(NOT_FOUND[kind]));
}

export async function remove(ctx: AppContext, actor: MemberActor, kind: IssueSettingKind, id: number) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await repo.findSettings(tx, actor.companyId, kind, [id]);
    if (!before || !(await repo.deleteSetting(tx, actor.companyId, kind, id))) fail(NOT_FOUND[kind]);
    else await recordAudit(tx, actor, { action: "issue_setting.delete", targetType: "issue_setting", targetId: id, before: audited(before) });
  });
  return { ok: true as const };
}
