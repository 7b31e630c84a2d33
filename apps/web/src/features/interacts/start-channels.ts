import type { ChannelView, ContactView } from "@holboo/core";

/** Why no channel can carry a first message to the contact, for the dialog to say instead of an empty list. */
export type NoChannelReason = "phone_only" | "email_without_channel" | "no_account";

/**
 * Where a person may start a conversation with a contact: the active channels the contact has an account on, except
 * phone lines (they carry calls, not messages), and every active e-mail channel when the contact has an e-mail
 * address (writing first makes the address their account there). With none, the reason.
 */
export function startChannels(
  contact: Pick<ContactView, "email" | "phone" | "social_accounts">,
  companyChannels: readonly ChannelView[],
): { channels: Array<Pick<ChannelView, "id" | "name" | "type">>; reason: NoChannelReason | null } {
  const active = new Map(companyChannels.filter((channel) => channel.active).map((channel) => [channel.id, channel]));
  const accounts = contact.social_accounts.map((account) => account.channel).filter((channel) => channel.type !== "voice" && active.has(channel.id));
  const byAddress = contact.email
    ? [...active.values()].filter((channel) => channel.type === "email" && !accounts.some((other) => other.id === channel.id))
    : [];
  const channels = [...accounts, ...byAddress];
  if (channels.length) return { channels, reason: null };
  if (contact.email) return { channels, reason: "email_without_channel" };
  return { channels, reason: contact.phone ? "phone_only" : "no_account" };
}
