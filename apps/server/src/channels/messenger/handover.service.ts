import { fullName, type MessengerThreadView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import { findChannel } from "../channels.lookup.ts";
import type { ChannelRow } from "../channels.repo.ts";
import { findIdentityById, setIdentityThreadOwner } from "../../modules/contacts/contacts.service.ts";
import type { IdentityRow } from "../../modules/contacts/contacts.repo.ts";
import { appendEvent, findInteraction, findOpenForIdentity, lockInteraction } from "../../modules/interactions/interactions.lookup.ts";
import { assertOpen, assertVisible } from "../../modules/interactions/interactions.policy.ts";
import { publish } from "../../modules/interactions/messages.service.ts";
import { findCompanyUser } from "../../modules/users/users.lookup.ts";
import { channelSecrets } from "../secrets.ts";
import { callGraph, GraphRefused, GraphUnreachable } from "./graph.api.ts";
import { PAGE_INBOX_APP_ID, type MessengerSecrets } from "./messenger.config.ts";

/**
 * Why control moved: Holboo passed it or took it back, or Meta told us another app (the Page inbox or
 * another app of the Page) returned it, took it, or was passed it.
 */
type HandoverReason = "passed" | "taken_back" | "returned" | "taken" | "passed_on";

/** Who holds the thread, as the handover event names it: Holboo, Meta's Page inbox, or another app. */
const holderOf = (ownerAppId: string | null) => (ownerAppId === null ? "holboo" : ownerAppId === PAGE_INBOX_APP_ID ? "page_inbox" : "other_app");

/** The Messenger conversation a person acts on: visible to them, open, on a Messenger channel, with its customer. */
async function messengerThread(ctx: AppContext, actor: MemberActor, interactionId: number) {
  const interaction = assertVisible(actor, await findInteraction(ctx.db, actor.companyId, interactionId));
  const identity = interaction.identityId ? await findIdentityById(ctx.db, actor.companyId, interaction.identityId) : null;
  const channel = identity ? await findChannel(ctx.db, actor.companyId, identity.channelId) : null;
  if (!identity || channel?.type !== "messenger") return fail("interaction_not_found");
  return { interaction, identity, channel };
}

/**
 * Records who controls a customer's thread now (the identity's `thread_owner_app_id`) and, in their open
 * conversation, a staff-only `handover.changed` event, in one transaction.
 */
async function recordControl(
  ctx: AppContext,
  channel: ChannelRow,
  identity: IdentityRow,
  ownerAppId: string | null,
  reason: HandoverReason,
  by: { id: number; name: string } | null,
) {
  const done = await ctx.db.transaction(async (tx) => {
    await setIdentityThreadOwner(tx, channel.companyId, identity.id, ownerAppId);
    const open = await findOpenForIdentity(tx, channel.companyId, identity.id);
    const locked = open ? await lockInteraction(tx, channel.companyId, open.id) : null;
    if (!locked || locked.status !== "open") return null;
    const event = await appendEvent(tx, channel.companyId, locked.id, {
      type: "handover.changed",
      visibleToContact: false,
      payload: { owner: holderOf(ownerAppId), owner_app_id: ownerAppId, reason, by },
    });
    return { locked, event };
  });
  if (done) publish(ctx, [done.locked], [done.event]);
}

async function personOf(ctx: AppContext, actor: MemberActor) {
  const user = await findCompanyUser(ctx.db, actor.companyId, actor.userId);
  return user ? { id: user.id, name: fullName(user.firstName, user.lastName) } : null;
}

/** One handover call of the Send API family (POST me/{edge} with the Page token), refused as the catalogue's error. */
async function handoverCall(ctx: AppContext, channel: ChannelRow, edge: "pass_thread_control" | "take_thread_control", body: Record<string, unknown>) {
  const secrets = channelSecrets<MessengerSecrets>(ctx.secrets, channel) ?? fail("messenger_handover_failed");
  const answer = await callGraph<{ success?: boolean }>(ctx, "POST", `me/${edge}`, { access_token: secrets.page_token }, body).catch((error: unknown) => {
    if (error instanceof GraphRefused || error instanceof GraphUnreachable) {
      ctx.log.warn({ err: error, channelId: channel.id, edge }, "messenger handover refused");
      return null;
    }
    throw error;
  });
  if (!answer?.success) fail("messenger_handover_failed");
}

export async function threadState(ctx: AppContext, actor: MemberActor, interactionId: number): Promise<MessengerThreadView> {
  const { identity } = await messengerThread(ctx, actor, interactionId);
  return { in_page_inbox: identity.threadOwnerAppId !== null, owner_app_id: identity.threadOwnerAppId };
}

/** Passes the customer's thread to the Page inbox (pass_thread_control): people answer there, Holboo stays silent. */
export async function passToPageInbox(ctx: AppContext, actor: MemberActor, interactionId: number): Promise<MessengerThreadView> {
  const { interaction, identity, channel } = await messengerThread(ctx, actor, interactionId);
  assertOpen(interaction);
  if (identity.threadOwnerAppId) return { in_page_inbox: true, owner_app_id: identity.threadOwnerAppId };
  await handoverCall(ctx, channel, "pass_thread_control", {
    recipient: { id: identity.externalId },
    target_app_id: Number(PAGE_INBOX_APP_ID),
    metadata: `holboo:passed:${interaction.id}`,
  });
  await recordControl(ctx, channel, identity, PAGE_INBOX_APP_ID, "passed", await personOf(ctx, actor));
  return { in_page_inbox: true, owner_app_id: PAGE_INBOX_APP_ID };
}

/** Takes the thread back from the Page inbox (take_thread_control; Holboo is the primary receiver). */
export async function takeFromPageInbox(ctx: AppContext, actor: MemberActor, interactionId: number): Promise<MessengerThreadView> {
  const { interaction, identity, channel } = await messengerThread(ctx, actor, interactionId);
  assertOpen(interaction);
  if (!identity.threadOwnerAppId) return { in_page_inbox: false, owner_app_id: null };
  await handoverCall(ctx, channel, "take_thread_control", { recipient: { id: identity.externalId }, metadata: `holboo:taken:${interaction.id}` });
  await recordControl(ctx, channel, identity, null, "taken_back", await personOf(ctx, actor));
  return { in_page_inbox: false, owner_app_id: null };
}

/**
 * Meta's handover webhooks: another app passed the thread to Holboo (the Page inbox marked it done) or to
 * someone else, or took it from Holboo. Each is recorded once, as the app now in control, named as it is
 * (the Page inbox, or another app with its id). A take that names no new owner is the Page inbox's, the
 * usual taker when Holboo is the primary receiver.
 */
export async function applyHandoverEvent(
  ctx: AppContext,
  channel: ChannelRow,
  identity: IdentityRow,
  event: { edge: "pass" | "take"; newOwnerAppId: string | null },
) {
  const ours = ctx.config.META_APP_ID;
  const owner = event.newOwnerAppId === ours ? null : (event.newOwnerAppId ?? PAGE_INBOX_APP_ID);
  if ((identity.threadOwnerAppId ?? null) === owner) return;
  await recordControl(ctx, channel, identity, owner, owner === null ? "returned" : event.edge === "take" ? "taken" : "passed_on", null);
}
