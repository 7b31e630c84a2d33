import type { ContactTypeInput, ContactTypeView } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { AppContext } from "../../context.ts";
import { onUniqueViolation } from "../../platform/db/errors.ts";
import { fail } from "../../platform/http/errors.ts";
import * as repo from "./contact-types.repo.ts";

const present = (row: repo.ContactTypeRow): ContactTypeView => ({
  id: row.id,
  name: row.name,
  description: row.description,
  created_at: row.createdAt.toISOString(),
});

const duplicateName = () => fail("contact_type_exists", { name: "contact_type_exists" });

export async function list(ctx: AppContext, actor: MemberActor) {
  return { items: (await repo.listContactTypes(ctx.db, actor.companyId)).map(present) };
}

export async function create(ctx: AppContext, actor: MemberActor, input: ContactTypeInput) {
  return present(await onUniqueViolation(repo.insertContactType(ctx.db, { companyId: actor.companyId, ...input }), duplicateName));
}

export async function update(ctx: AppContext, actor: MemberActor, id: number, input: ContactTypeInput) {
  const row = await onUniqueViolation(repo.updateContactType(ctx.db, actor.companyId, id, input), duplicateName);
  return present(row ?? fail("contact_type_not_found"));
}

export async function remove(ctx: AppContext, actor: MemberActor, id: number) {
  if (!(await repo.deleteContactType(ctx.db, actor.companyId, id))) fail("contact_type_not_found");
  return { ok: true as const };
}
