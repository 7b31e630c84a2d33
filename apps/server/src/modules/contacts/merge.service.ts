import { fullName, isPersonalAccountChannel, type MergeContactsInput } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { AppContext } from "../../context.ts";
import { fail } from "../../platform/http/errors.ts";
import { assertMayChangeContact } from "./contacts.policy.ts";
import * as repo from "./contacts.repo.ts";
import { view } from "./contacts.service.ts";
import { recordAudit } from "../audit/audit.service.ts";

/** Profile fields the kept contact takes from the removed one when its own are empty. */
const FILLABLE = [
  "firstName",
  "lastName",
  "companyName",
  "profession",
  "city",
  "district",
  "subdistrict",
  "addressDetail",
  "note",
  "description",
  "typeId",
] as const satisfies readonly (keyof repo.ContactRow)[];

/** The removed contact's e-mails (or phones) that the kept one lacks go into its empty slots, first then extra. */
function fillSlots(kept: repo.ContactRow, removed: repo.ContactRow, slots: readonly ["email", "email2"] | readonly ["phone", "phone2"]) {
  const held = slots.map((slot) => kept[slot]);
  const incoming = slots.map((slot) => removed[slot]).filter((value): value is string => !!value && !held.includes(value));
  const patch: Partial<repo.ContactInsert> = {};
  for (const slot of slots) if (!kept[slot] && incoming.length) patch[slot] = incoming.shift();
  return patch;
}

function filledFrom(kept: repo.ContactRow, removed: repo.ContactRow): Partial<repo.ContactInsert> {
  const patch: Partial<repo.ContactInsert> = {};
  for (const field of FILLABLE) {
    if ((kept[field] === null || kept[field] === "") && removed[field] !== null && removed[field] !== "") Object.assign(patch, { [field]: removed[field] });
  }
  if (removed.special && !kept.special) patch.special = true;
  return { ...patch, ...fillSlots(kept, removed, ["email", "email2"]), ...fillSlots(kept, removed, ["phone", "phone2"]) };
}

/**
 * Merges `remove_id` into `keep_id` in one transaction: every interaction and channel identity moves
 * to the kept contact (issues join with the issues part), its empty fields are filled from the other,
 * the other is deleted and the merge is recorded with a snapshot of it.
 */
export async function merge(ctx: AppContext, actor: MemberActor, input: MergeContactsInput) {
  if (input.keep_id === input.remove_id) fail("contact_merge_same_ids");
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockContacts(tx, actor.companyId, [input.keep_id, input.remove_id]);
    const kept = assertMayChangeContact(actor, locked.find((c) => c.id === input.keep_id) ?? null, "merge");
    const removed = assertMayChangeContact(actor, locked.find((c) => c.id === input.remove_id) ?? null, "merge");
    const [keptIds, removedIds] = await Promise.all([
      repo.identitiesOfContact(tx, actor.companyId, kept.id),
      repo.identitiesOfContact(tx, actor.companyId, removed.id),
    ]);
    // Two accounts of the same provider (two Facebook or two Viber accounts) are two people; a Facebook
    // account and a Viber one may well be the same person, so they merge.
    const accounts = (rows: typeof keptIds, type: string) =>
      new Set(rows.filter((r) => r.channelType === type).map((r) => `${r.identity.channelId}:${r.identity.externalId}`));
    for (const type of new Set([...keptIds, ...removedIds].map((r) => r.channelType).filter(isPersonalAccountChannel))) {
      const keptAccounts = accounts(keptIds, type);
      const removedAccounts = accounts(removedIds, type);
      if (keptAccounts.size && removedAccounts.size && [...removedAccounts].some((a) => !keptAccounts.has(a))) fail("contact_merge_different_account");
    }

    await repo.moveContactRecords(tx, actor.companyId, removed.id, kept.id);
    await repo.insertMerge(tx, {
      companyId: actor.companyId,
      keptContactId: kept.id,
      removedContactId: removed.id,
      removedSnapshot: { ...removed, searchText: undefined, createdAt: removed.createdAt.toISOString(), updatedAt: removed.updatedAt.toISOString() },
      mergedByUserId: actor.userId,
    });
    await repo.deleteContact(tx, actor.companyId, removed.id);
    const patch = filledFrom(kept, removed);
    if (Object.keys(patch).length) await repo.updateContact(tx, actor.companyId, kept.id, patch);
    await recordAudit(tx, actor, {
      action: "contact.merge",
      targetType: "contact",
      targetId: kept.id,
      after: { name: fullName(kept.firstName, kept.lastName), removed_name: fullName(removed.firstName, removed.lastName), removed_id: removed.id },
    });
  });
  return view(ctx.db, actor, input.keep_id);
}
