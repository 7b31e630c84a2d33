import type { ContactInput, ContactListQuery, ContactView, CreateContactInput } from "@holboo/core";
import { fullName } from "@holboo/core";
import { recordAudit } from "../audit/audit.service.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import type { Executor } from "../../platform/db/client.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import type { AppContext } from "../../context.ts";
import { AppError, fail } from "../../platform/http/errors.ts";
import { findContactType } from "./contact-types.repo.ts";
import { assertMayChangeContact, assertVisible, contactVisibility } from "./contacts.policy.ts";
import { contactValues, presentContact, presentInteraction, presentListItem } from "./contacts.presenter.ts";
import * as repo from "./contacts.repo.ts";

// What other features read and write of this one: the repository functions they may call, named here so
// the rest of the repository stays private to the feature (ARCHITECTURE.md, "Boundaries").
export {
  findByEmailsOrPhones,
  findContact,
  findIdentity,
  findIdentityById,
  findIdentityByToken,
  findIdentityOfContact,
  insertContact,
  insertIdentity,
  lockIdentity,
  setIdentityThreadOwner,
  setIdentityToken,
  setIdentityUnsubscribed,
} from "./contacts.repo.ts";

const present = (value: string | null): value is string => !!value;

/**
 * The contact behind a channel identity, made the first time it is needed: a web-chat visitor becomes a contact with
 * their first message, not when the widget opens. The identity row is locked meanwhile, so two first messages at once
 * make one contact.
 */
export async function ensureIdentityContact(
  db: Executor,
  identity: { id: number; companyId: number; contactId: number | null },
  values: Partial<Parameters<typeof repo.insertContact>[1]> = {},
): Promise<number> {
  if (identity.contactId !== null) return identity.contactId;
  return db.transaction(async (tx) => {
    const locked = (await repo.lockIdentityContact(tx, identity.companyId, identity.id)) ?? fail("contact_not_found");
    if (locked.contactId !== null) return locked.contactId;
    const contact = await repo.insertContact(tx, { createdBy: "unregistered", ...values, companyId: identity.companyId });
    await repo.setIdentityContact(tx, identity.companyId, identity.id, contact.id);
    return contact.id;
  });
}

/** Adding a contact whose e-mail or phone another contact holds answers contact_exists with that contact's id. */
async function assertNoDuplicate(db: Executor, companyId: number, input: ContactInput, exceptId?: number) {
  const emails = [input.email, input.email2].filter(present);
  const phones = [input.phone, input.phone2].filter(present);
  const [existing] = await repo.findByEmailsOrPhones(db, companyId, emails, phones, exceptId);
  if (!existing) return;
  const held = new Set([existing.email, existing.email2, existing.phone, existing.phone2].filter(present));
  const fields = Object.fromEntries(
    (["email", "email2", "phone", "phone2"] as const)
      .filter((field) => input[field] && held.has(input[field]))
      .map((field) => [field, "contact_exists" as const]),
  );
  fail("contact_exists", fields, { contact_id: existing.id });
}

async function assertType(db: Executor, companyId: number, typeId: number | null) {
  if (typeId !== null && !(await findContactType(db, companyId, typeId))) fail("contact_type_not_found", { type_id: "contact_type_not_found" });
}

export async function view(db: Executor, actor: MemberActor, id: number): Promise<ContactView> {
  const row = (await repo.findContactView(db, actor.companyId, id)) ?? fail("contact_not_found");
  return presentContact(row, await repo.identitiesOfContact(db, actor.companyId, id), actor);
}

export async function list(ctx: AppContext, actor: MemberActor, query: ContactListQuery) {
  const page = { limit: query.page_size, offset: (query.page - 1) * query.page_size };
  const { items, total } = await repo.listContacts(ctx.db, actor.companyId, query, contactVisibility(actor), actor.userId, page);
  return { items: items.map((row) => presentListItem(row, actor)), total };
}

export async function get(ctx: AppContext, actor: MemberActor, id: number) {
  assertVisible(actor, await repo.findContact(ctx.db, actor.companyId, id));
  return view(ctx.db, actor, id);
}

export async function create(ctx: AppContext, actor: MemberActor, input: CreateContactInput): Promise<ContactView> {
  const key = input.idempotency_key ?? null;
  const retried = key ? await repo.findByIdempotencyKey(ctx.db, actor.companyId, key) : null;
  if (retried) return view(ctx.db, actor, retried.id);
  await assertType(ctx.db, actor.companyId, input.type_id);
  try {
    await assertNoDuplicate(ctx.db, actor.companyId, input);
    const row = await repo.insertContact(ctx.db, {
      ...contactValues(input),
      companyId: actor.companyId,
      createdBy: "user",
      createdByUserId: actor.userId,
      idempotencyKey: key,
    });
    return await view(ctx.db, actor, row.id);
  } catch (error) {
    // Two copies of one add raced: the loser answers with the winner's contact, whether it lost on the
    // key's unique index or found the winner's contact as a duplicate.
    const winner =
      key && (isUniqueViolation(error) || (error instanceof AppError && error.code === "contact_exists"))
        ? await repo.findByIdempotencyKey(ctx.db, actor.companyId, key)
        : null;
    if (winner) return view(ctx.db, actor, winner.id);
    throw error;
  }
}

export async function update(ctx: AppContext, actor: MemberActor, id: number, input: ContactInput) {
  assertMayChangeContact(actor, await repo.findContact(ctx.db, actor.companyId, id), "edit");
  await assertType(ctx.db, actor.companyId, input.type_id);
  await assertNoDuplicate(ctx.db, actor.companyId, input, id);
  await repo.updateContact(ctx.db, actor.companyId, id, contactValues(input));
  return view(ctx.db, actor, id);
}

/** What keeps a contact from being deleted: open interactions or unresolved issues. */
async function hasOpenWork(db: Executor, companyId: number, contactId: number) {
  return (await repo.countOpenInteractions(db, companyId, contactId)) > 0 || (await repo.countUnresolvedIssues(db, companyId, contactId)) > 0;
}

export async function remove(ctx: AppContext, actor: MemberActor, id: number) {
  await ctx.db.transaction(async (tx) => {
    const [contact] = await repo.lockContacts(tx, actor.companyId, [id]);
    const visible = assertMayChangeContact(actor, contact ?? null, "delete");
    if (await hasOpenWork(tx, actor.companyId, id)) fail("contact_has_open_work");
    await repo.deleteContact(tx, actor.companyId, id);
    await recordAudit(tx, actor, {
      action: "contact.delete",
      targetType: "contact",
      targetId: id,
      before: { name: fullName(visible.firstName, visible.lastName) },
    });
  });
  return { ok: true as const };
}

/** Every interaction of the contact across channels, newest first. Issues join the detail with the issues part. */
export async function interactions(ctx: AppContext, actor: MemberActor, id: number) {
  assertVisible(actor, await repo.findContact(ctx.db, actor.companyId, id));
  return { items: (await repo.interactionsOfContact(ctx.db, actor.companyId, id)).map(presentInteraction) };
}
