import type { MessageView } from "@holboo/core";
import type { AppContext } from "../context.ts";
import { isUniqueViolation } from "../platform/db/errors.ts";
import type { ChannelRow } from "./channels.repo.ts";
import { ensureIdentityContact, findByEmailsOrPhones, findContact, findIdentity, insertContact, insertIdentity } from "../modules/contacts/contacts.service.ts";
import { fullName } from "@holboo/core";
import type { NormalisedInbound } from "./adapter.ts";
import { acceptFromContact } from "./accept-message.ts";

/**
 * The one place a provider's sender becomes a contact: the identity (channel + sender id) is found, or
 * made with a new contact named from the provider's profile. Two first messages racing make one identity.
 */
export async function resolveSender(ctx: AppContext, channel: ChannelRow, inbound: NormalisedInbound) {
  const known = await findIdentity(ctx.db, channel.id, inbound.externalId);
  if (known) return withContact(ctx, known);
  const profile = inbound.profile ?? {};
  try {
    return await ctx.db.transaction(async (tx) => {
      // An e-mail address is the person: a contact the company already has with it gets the new identity.
      const email = channel.type === "email" ? profile.email?.toLowerCase() : undefined;
      // So is a phone number (E.164) on a phone line.
      const phone = channel.type === "voice" ? profile.phone : undefined;
      const [existing] = email || phone ? await findByEmailsOrPhones(tx, channel.companyId, email ? [email] : [], phone ? [phone] : []) : [];
      const contact =
        (existing ? await findContact(tx, channel.companyId, existing.id) : null) ??
        (await insertContact(tx, {
          companyId: channel.companyId,
          firstName: profile.firstName ?? "",
          lastName: profile.lastName ?? "",
          email: profile.email?.toLowerCase() || null,
          phone: phone ?? null,
          createdBy: "system",
        }));
      const identity = await insertIdentity(tx, {
        companyId: channel.companyId,
        contactId: contact.id,
        channelId: channel.id,
        externalId: inbound.externalId,
        verified: true,
      });
      return { identity: { ...identity, contactId: contact.id }, contact };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner =
      (await findIdentity(ctx.db, channel.id, inbound.externalId)) ??
      (() => {
        throw error;
      })();
    return withContact(ctx, winner);
  }
}

/** A known identity and its contact (every provider identity has one; `ensureIdentityContact` keeps the type honest). */
async function withContact(ctx: AppContext, identity: Awaited<ReturnType<typeof findIdentity>> & object) {
  const contactId = await ensureIdentityContact(ctx.db, identity);
  return { identity: { ...identity, contactId }, contact: await findContact(ctx.db, identity.companyId, contactId) };
}

/** A provider's customer message, normalised by its adapter, into the inbox (once per provider id). */
export async function acceptInbound(ctx: AppContext, channel: ChannelRow, inbound: NormalisedInbound): Promise<MessageView> {
  const { identity, contact } = await resolveSender(ctx, channel, inbound);
  return acceptFromContact(
    ctx,
    {
      companyId: channel.companyId,
      channelId: channel.id,
      identityId: identity.id,
      contactId: identity.contactId,
      contactName: contact ? fullName(contact.firstName, contact.lastName) : "",
      text: inbound.text,
      attachments: inbound.attachments,
      clientId: null,
      providerMessageId: inbound.providerMessageId,
    },
    { agent: inbound.agentTurn !== false },
  );
}
