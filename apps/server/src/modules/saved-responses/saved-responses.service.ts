import type { SavedResponseInput, SavedResponseListQuery, SavedResponseView } from "@holboo/core";
import { fullName } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./saved-responses.repo.ts";

type Row = NonNullable<Awaited<ReturnType<typeof repo.findSavedResponse>>>;

const present = ({ response, authorFirst, authorLast }: Row): SavedResponseView => ({
  id: response.id,
  key: response.key,
  text: response.text,
  created_at: response.createdAt.toISOString(),
  created_by: response.createdByUserId ? { id: response.createdByUserId, name: fullName(authorFirst, authorLast) } : null,
});

const duplicateKey = () => fail("saved_response_key_duplicate", { key: "saved_response_key_duplicate" });

export async function list(ctx: AppContext, actor: MemberActor, query: SavedResponseListQuery) {
  const { items, total } = await repo.listSavedResponses(ctx.db, actor.companyId, query);
  return { items: items.map(present), total };
}

async function load(ctx: AppContext, actor: MemberActor, id: number) {
  return present((await repo.findSavedResponse(ctx.db, actor.companyId, id)) ?? fail("saved_response_not_found"));
}

export async function create(ctx: AppContext, actor: MemberActor, input: SavedResponseInput) {
  const id = await onUniqueViolation(
    repo.insertSavedResponse(ctx.db, { companyId: actor.companyId, key: input.key, text: input.text, createdByUserId: actor.userId }),
    duplicateKey,
  );
  return load(ctx, actor, id);
}

export async function update(ctx: AppContext, actor: MemberActor, id: number, input: SavedResponseInput) {
  const found = await onUniqueViolation(repo.updateSavedResponse(ctx.db, actor.companyId, id, input), duplicateKey);
  if (!found) fail("saved_response_not_found");
  return load(ctx, actor, id);
}

export async function remove(ctx: AppContext, actor: MemberActor, id: number) {
  if (!(await repo.deleteSavedResponse(ctx.db, actor.companyId, id))) fail("saved_response_not_found");
  return { ok: true as const };
}
