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
