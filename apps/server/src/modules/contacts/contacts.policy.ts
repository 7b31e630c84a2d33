import type { ContactAbilities, ContactAction, Permission } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { can } from "../../platform/auth/policy.ts";
import { fail } from "../../platform/http/errors.ts";
import type { ContactRow, Visibility } from "./contacts.repo.ts";

/** Spec §6: contact.view_all sees every contact of the company, anyone else only the ones they registered. */
export const contactVisibility = (actor: MemberActor): Visibility => ({ ownerUserId: can(actor, "contact.view_all") ? null : actor.userId });

/** A contact the actor may not see answers like one that does not exist. */
export function assertVisible<T extends Pick<ContactRow, "createdByUserId">>(actor: MemberActor, contact: T | null): T {
  if (!contact) return fail("contact_not_found");
  const { ownerUserId } = contactVisibility(actor);
  if (ownerUserId !== null && contact.createdByUserId !== ownerUserId) return fail("contact_not_found");
  return contact;
}

/** Which permission each change of a visible contact needs (spec §6); merging rewrites both contacts, as editing does. */
const PERMISSION_FOR: Record<ContactAction, Permission> = { edit: "contact.edit", merge: "contact.edit", delete: "contact.delete" };

/** The routes' guard, and the rule `can` is filled from: the contact is visible and the actor holds the permission. */
export function assertMayChangeContact<T extends Pick<ContactRow, "createdByUserId">>(actor: MemberActor, contact: T | null, action: ContactAction): T {
  const visible = assertVisible(actor, contact);
  if (!can(actor, PERMISSION_FOR[action])) fail("forbidden");
  return visible;
}

/** What the actor may do with a contact they see (open work may still keep it from being deleted). */
export const contactAbilities = (actor: MemberActor): ContactAbilities => ({
  edit: can(actor, PERMISSION_FOR.edit),
  merge: can(actor, PERMISSION_FOR.merge),
  delete: can(actor, PERMISSION_FOR.delete),
});
