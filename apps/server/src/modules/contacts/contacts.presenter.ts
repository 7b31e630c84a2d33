import {
  CONTACT_ORIGINS,
  fullName,
  type ContactInput,
  type ContactInteractionView,
  type ContactListItem,
  type ContactOrigin,
  type ContactView,
} from "@holboo/core";
import type { ChannelType } from "@holboo/core";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { contactAbilities } from "./contacts.policy.ts";
import type { ContactInsert, ContactViewRow } from "./contacts.repo.ts";
import type * as repo from "./contacts.repo.ts";

type IdentityViewRow = Awaited<ReturnType<typeof repo.identitiesOfContact>>[number];
type InteractionRow = Awaited<ReturnType<typeof repo.interactionsOfContact>>[number];

const origin = (value: string): ContactOrigin => ((CONTACT_ORIGINS as readonly string[]).includes(value) ? (value as ContactOrigin) : "system");

/** A contact as `actor` sees it, with what they may do to it. */
export function presentListItem({ contact, typeName, creatorFirst, creatorLast }: ContactViewRow, actor: MemberActor): ContactListItem {
  return {
    id: contact.id,
    first_name: contact.firstName,
    last_name: contact.lastName,
    email: contact.email,
    email2: contact.email2,
    phone: contact.phone,
    phone2: contact.phone2,
    company_name: contact.companyName,
    profession: contact.profession,
    city: contact.city,
    district: contact.district,
    subdistrict: contact.subdistrict,
    type: contact.typeId && typeName ? { id: contact.typeId, name: typeName } : null,
    special: contact.special,
    created_at: contact.createdAt.toISOString(),
    created_by: origin(contact.createdBy),
    created_by_user: contact.createdByUserId ? { id: contact.createdByUserId, name: fullName(creatorFirst, creatorLast) } : null,
    can: contactAbilities(actor),
  };
}

export function presentContact(row: ContactViewRow, identities: IdentityViewRow[], actor: MemberActor): ContactView {
  return {
    ...presentListItem(row, actor),
    address_detail: row.contact.addressDetail,
    note: row.contact.note,
    description: row.contact.description,
    social_accounts: identities.map(({ identity, channelType, channelName }) => ({
      id: identity.id,
      channel: { id: identity.channelId, type: channelType as ChannelType, name: channelName },
      external_id: identity.externalId,
      verified: identity.verified,
    })),
  };
}

export const presentInteraction = ({ interaction, channelType, channelName }: InteractionRow): ContactInteractionView => ({
  id: interaction.id,
  title: interaction.title,
  status: interaction.status,
  channel: interaction.channelId && channelType ? { id: interaction.channelId, type: channelType as ChannelType, name: channelName ?? "" } : null,
  started_at: interaction.startedAt.toISOString(),
  closed_at: interaction.closedAt?.toISOString() ?? null,
});

/** The columns a validated input writes. */
export const contactValues = (input: ContactInput) =>
  ({
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    email2: input.email2,
    phone: input.phone,
    phone2: input.phone2,
    companyName: input.company_name,
    profession: input.profession,
    city: input.city,
    district: input.district,
    subdistrict: input.subdistrict,
    addressDetail: input.address_detail,
    note: input.note,
    description: input.description,
    typeId: input.type_id,
    special: input.special,
  }) satisfies Partial<ContactInsert>;
