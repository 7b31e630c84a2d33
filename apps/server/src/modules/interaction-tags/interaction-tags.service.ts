import type { InteractionTagInput, InteractionTagView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./interaction-tags.repo.ts";

const present = (row: repo.InteractionTagRow): InteractionTagView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  important: row.important,
  created_at: row.createdAt.toISOString(),
});

const duplicateName = () => fail("tag_exists", { name: "tag_exists" });

export async function list(ctx: AppContext, actor: MemberActor) {
  const rows = await repo.listTags(ctx.db, actor.companyId);
  return { items: rows.map(present), total: rows.length };
}

export async function create(ctx: AppContext, actor: MemberActor, input: InteractionTagInput) {
  return present(await onUniqueViolation(repo.insertTag(ctx.db, { companyId: actor.companyId, ...input }), duplicateName));
}

export async function update(ctx: AppContext, actor: MemberActor, id: number, input: InteractionTagInput) {
  const row = await onUniqueViolation(repo.updateTag(ctx.db, actor.companyId, id, input), duplicateName);
  return present(row ?? fail("tag_not_found"));
}

export async function remove(ctx: AppContext, actor: MemberActor, id: number) {
  if (!(await repo.deleteTag(ctx.db, actor.companyId, id))) fail("tag_not_found");
  return { ok: true as const };
}
