import { fullName } from "@holboo/core";
import type { AppContext } from "../context.ts";
import type { ChannelRow } from "./channels.repo.ts";
import { resolveSender } from "./resolve-contact.ts";
import { acceptFromContact } from "./accept-message.ts";

/**
 * A call into the caller's conversation on a phone channel: the contact with that E.164 number (made when
 * none has it) and its open conversation (opened and assigned when none is), where the call's bubble is a
 * message, stored once per provider id. No virtual-agent turn is queued for it.
 */
export async function callIntoThread(ctx: AppContext, channel: ChannelRow, number: string, providerId: string) {
  const { identity, contact } = await resolveSender(ctx, channel, {
    channelId: channel.id,
    externalId: number,
    providerMessageId: null,
    text: "",
    attachments: [],
    profile: { phone: number, firstName: number },
  });
  const message = await acceptFromContact(
    ctx,
    {
      companyId: channel.companyId,
      channelId: channel.id,
      identityId: identity.id,
      contactId: identity.contactId,
      contactName: contact ? fullName(contact.firstName, contact.lastName) : number,
      text: `☎ ${number}`,
      attachments: [],
      clientId: null,
      providerMessageId: providerId,
    },
    { agent: false },
  );
  return { contactId: identity.contactId, interactionId: message.interaction_id, messageId: message.id };
}
