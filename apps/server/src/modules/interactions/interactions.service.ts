import type {
  CloseInteractionInput,
  ContactPresenceView,
  EventsQuery,
  InteractionListQuery,
  InteractionView,
  MessagesPageQuery,
  StartInteractionInput,
} from "@holboo/core";
import { contactKnownName, fullName, type Locale } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { hashToken, newToken } from "../../platform/auth/tokens.ts";
import type { Executor } from "../../platform/db/client.ts";
import { fail } from "../../platform/http/errors.ts";
import { findChannel } from "../../channels/channels.lookup.ts";
import { findContact, findIdentityOfContact, insertIdentity, lockIdentity } from "../contacts/contacts.service.ts";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import { findCompanyUser } from "../users/users.lookup.ts";
import { appendEvent, listEventsAfter, type EventRow } from "./events.repo.ts";
import * as repo from "./interactions.repo.ts";
import { assertMayWork, assertVisible, interactionAbilities, seesEveryInteraction } from "./interactions.policy.ts";
import { presentEvent, presentInteraction, presentMessage } from "./interactions.presenter.ts";
import { listMessagesBefore } from "./messages.repo.ts";
import { recordMessage } from "./messages.service.ts";
import { publish } from "./publisher.ts";

async function view(db: Executor, actor: MemberActor, id: number): Promise<InteractionView> {
  const companyId = actor.companyId;
  const row = (await repo.findInteractionView(db, companyId, id, actor.userId)) ?? fail("interaction_not_found");
  return presentInteraction(row, await repo.tagsOf(db, companyId, [id]), interactionAbilities(actor, row.interaction));
}

export async function list(ctx: AppContext, actor: MemberActor, query: InteractionListQuery) {
  const visibility = seesEveryInteraction(actor) ? null : repo.visibleToUser(actor.userId);
  const { items, total } = await repo.listInteractions(ctx.db, actor.companyId, actor.userId, query, visibility);
  const tags = await repo.tagsOf(
    ctx.db,
    actor.companyId,
    items.map((row) => row.interaction.id),
  );
  return { items: items.map((row) => presentInteraction(row, tags, interactionAbilities(actor, row.interaction))), total };
}

export async function get(ctx: AppContext, actor: MemberActor, id: number) {
  assertVisible(actor, await repo.findInteraction(ctx.db, actor.companyId, id));
  return view(ctx.db, actor, id);
}

/** Whether the customer is connected now; only web chat has a live connection to tell. */
export async function contactPresence(ctx: AppContext, actor: MemberActor, id: number): Promise<ContactPresenceView> {
  const interaction = assertVisible(actor, await repo.findInteraction(ctx.db, actor.companyId, id));
  const online = interaction.status === "open" && interaction.identityId !== null && (await ctx.realtime.visitorOnline(interaction.identityId));
  return { contact_online: online };
}

/** Every event after a sequence number: what a reconnecting client asks for to converge. */
export async function events(ctx: AppContext, actor: MemberActor, id: number, query: EventsQuery) {
  assertVisible(actor, await repo.findInteraction(ctx.db, actor.companyId, id));
  const rows = await listEventsAfter(ctx.db, actor.companyId, id, query.after, query.limit, false);
  return { items: rows.map(presentEvent) };
}

/** Older messages, newest first, for loading a long thread incrementally. */
export async function history(ctx: AppContext, actor: MemberActor, id: number, query: MessagesPageQuery) {
  const interaction = assertVisible(actor, await repo.findInteraction(ctx.db, actor.companyId, id));
  const rows = await listMessagesBefore(ctx.db, actor.companyId, id, query.before, query.limit, false);
  // A customer's message is named after the conversation's contact, as its live push is (not "Customer").
  const contact = interaction.contactId ? await findContact(ctx.db, actor.companyId, interaction.contactId) : null;
  const contactName = contact
    ? contactKnownName({ id: contact.id, first_name: contact.firstName, last_name: contact.lastName, email: contact.email, phone: contact.phone })
    : "";
  return {
    items: rows.map(({ message, senderFirst, senderLast }) =>
      presentMessage(message, message.senderType === "contact" ? contactName : fullName(senderFirst, senderLast)),
    ),
  };
}

/**
 * A person starts a conversation with a contact reachable on the channel (the contact has an account
 * there, or an e-mail address for an e-mail channel); the person owns it. A contact already in an open
 * conversation there is refused with its id (`interaction_already_open`), so the dialog can offer to send there.
 */
export async function start(ctx: AppContext, actor: MemberActor, input: StartInteractionInput) {
  const contact = (await findContact(ctx.db, actor.companyId, input.contact_id)) ?? fail("contact_not_found", { contact_id: "contact_not_found" });
  const channel = (await findChannel(ctx.db, actor.companyId, input.channel_id)) ?? fail("channel_not_found", { channel_id: "channel_not_found" });
  if (!channel.active) fail("channel_inactive");
  // A phone line has no way to carry the first message (it would be stored as sent and never reach anyone).
  if (channel.type === "voice") fail("channel_not_for_messages", { channel_id: "channel_not_for_messages" });
  const notOnChannel = () => fail("contact_not_on_channel", { channel_id: "contact_not_on_channel" });
  // By e-mail, the contact's address is their account on the channel: writing to them first makes it.
  const email = channel.type === "email" ? contact.email : null;
  const addressIdentity = async () => {
    if (!email) return notOnChannel();
    try {
      return await insertIdentity(ctx.db, { companyId: actor.companyId, contactId: contact.id, channelId: channel.id, externalId: email, verified: true });
    } catch (error) {
      if (isUniqueViolation(error)) return notOnChannel();
      throw error;
    }
  };
  const identity = (await findIdentityOfContact(ctx.db, actor.companyId, contact.id, channel.id)) ?? (await addressIdentity());
  // A reply to a channel with a provider leaves through its delivery job; e-mail threads are conversations of their own.
  const carried = ctx.channelDelivery.carriesReplies(channel);
  const author = (await findCompanyUser(ctx.db, actor.companyId, actor.userId)) ?? fail("unauthorized");
  const result = await ctx.db.transaction(async (tx) => {
    // Serialised with the customer's own first message, so the contact never has two open conversations here.
    await lockIdentity(tx, actor.companyId, identity.id);
    const open = channel.type === "email" ? null : await repo.lockOpenForIdentity(tx, actor.companyId, identity.id);
    if (open) fail("interaction_already_open", undefined, { interaction_id: open.id });
    const row = await repo.insertInteraction(tx, {
      companyId: actor.companyId,
      channelId: channel.id,
      contactId: contact.id,
      identityId: identity.id,
      title: input.title,
      ownerType: "user",
      assigneeUserId: actor.userId,
    });
    await ctx.events.record(tx, "conversation.opened", { company_id: row.companyId, interaction_id: row.id });
    const events: EventRow[] = [];
    let after = row;
    if (input.text?.trim()) {
      const recorded = await recordMessage(tx, row, {
        direction: "out",
        senderType: "user",
        senderUserId: actor.userId,
        senderName: fullName(author.firstName, author.lastName),
        text: input.text,
        attachments: [],
        isPrivate: false,
        isBot: false,
        clientId: input.client_id ?? null,
        providerMessageId: null,
        status: carried ? "sending" : "sent",
      });
      events.push(recorded.event);
      after = recorded.interaction;
      if (carried) await ctx.events.record(tx, "message.sent", { company_id: actor.companyId, interaction_id: row.id, message_id: recorded.row.id });
    }
    return { row: after, events };
  });
  publish(ctx, [result.row], result.events);
  return view(ctx.db, actor, result.row.id);
}

async function change(
  ctx: AppContext,
  actor: MemberActor,
  id: number,
  apply: (tx: Executor, row: repo.InteractionRow) => Promise<{ row: repo.InteractionRow; events: EventRow[] }>,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const before = assertVisible(actor, await repo.lockInteraction(tx, actor.companyId, id));
    return { before, ...(await apply(tx, before)) };
  });
  publish(ctx, [result.before, result.row], result.events);
  return view(ctx.db, actor, id);
}

/** Closing records the closer and, when given, the customer's mood and rating. */
export function close(ctx: AppContext, actor: MemberActor, id: number, input: CloseInteractionInput) {
  return change(ctx, actor, id, async (tx, before) => {
    assertMayWork(actor, before, "close");
    const closedAt = new Date();
    const row =
      (await repo.updateInteraction(tx, actor.companyId, id, {
        status: "closed",
        closedAt,
        closedByUserId: actor.userId,
        mood: input.mood ?? before.mood,
        rating: input.rating ?? before.rating,
      })) ?? before;
    const closer = await findCompanyUser(tx, actor.companyId, actor.userId);
    const event = await appendEvent(tx, actor.companyId, id, {
      type: "interaction.closed",
      visibleToContact: true,
      payload: {
        closer: closer ? { id: closer.id, name: fullName(closer.firstName, closer.lastName) } : null,
        mood: row.mood,
        rating: row.rating,
        closed_at: closedAt.toISOString(),
      },
    });
    await ctx.events.record(tx, "conversation.closed", { company_id: actor.companyId, interaction_id: id });
    return { row, events: [event] };
  });
}

export function setTags(ctx: AppContext, actor: MemberActor, id: number, tagIds: number[]) {
  return change(ctx, actor, id, async (tx, before) => {
    assertMayWork(actor, before, "tag");
    const valid = await repo.existingTagIds(tx, actor.companyId, [...new Set(tagIds)]);
    if (valid.length !== new Set(tagIds).size) fail("tag_not_found", { tag_ids: "tag_not_found" });
    await repo.replaceTags(tx, actor.companyId, id, valid);
    const tags = await repo.tagsOf(tx, actor.companyId, [id]);
    const event = await appendEvent(tx, actor.companyId, id, {
      type: "tags.changed",
      visibleToContact: false,
      payload: { tags: tags.map(({ id: tagId, name, important }) => ({ id: tagId, name, important })) },
    });
    return { row: before, events: [event] };
  });
}

/** Sends the customer a one-use link to the public service-rating page (a path containing "servicerate"). */
/** What a customer on a channel without the widget (Messenger, Viber, e-mail) receives: the rating page's link. */
const RATING_LINK_TEXT: Record<Locale, string> = { mn: "Манай үйлчилгээг үнэлнэ үү:", en: "Please rate our service:" };

/**
 * A rating request: a one-time link to the servicerate page. Web chat shows it from the event; on a channel a
 * provider carries (Messenger, Viber, e-mail) the link also goes out as the person's message, in the same
 * transaction, through the delivery job.
 */
export async function requestRating(ctx: AppContext, actor: MemberActor, id: number) {
  let url = "";
  const visible = assertVisible(actor, await repo.findInteraction(ctx.db, actor.companyId, id));
  const channel = visible.channelId && visible.identityId ? await findChannel(ctx.db, actor.companyId, visible.channelId) : null;
  const carried = channel ? ctx.channelDelivery.carriesReplies(channel) : false;
  const locale: Locale = channel && carried ? ((await ctx.channelDelivery.replyLocale(ctx, channel)) ?? "mn") : "mn";
  const author = carried ? await findCompanyUser(ctx.db, actor.companyId, actor.userId) : null;
  await change(ctx, actor, id, async (tx, before) => {
    assertMayWork(actor, before, "request_rating");
    const token = newToken(24);
    url = `${ctx.config.PUBLIC_URL}/servicerate/${token}`;
    const row = (await repo.updateInteraction(tx, actor.companyId, id, { ratingTokenHash: hashToken(token) })) ?? before;
    const event = await appendEvent(tx, actor.companyId, id, { type: "rating.requested", visibleToContact: true, payload: { url } });
    if (!carried || before.status !== "open") return { row, events: [event] };
    const link = await recordMessage(tx, row, {
      direction: "out",
      senderType: "user",
      senderUserId: actor.userId,
      senderName: author ? fullName(author.firstName, author.lastName) : "",
      text: `${RATING_LINK_TEXT[locale]} ${url}`,
      attachments: [],
      isPrivate: false,
      isBot: false,
      clientId: null,
      providerMessageId: null,
      status: "sending",
    });
    await ctx.events.record(tx, "message.sent", { company_id: actor.companyId, interaction_id: id, message_id: link.row.id });
    return { row: link.interaction, events: [event, link.event] };
  });
  return { url };
}

/** The virtual agent closes a conversation it owns (a flow's response card "close"); nothing when it no longer owns it. */
export async function closeAsVirtualAgent(ctx: AppContext, companyId: number, id: number, agent: { userId: number; name: string }) {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await repo.lockInteraction(tx, companyId, id);
    if (!before || before.status !== "open" || before.ownerType !== "ai") return null;
    const closedAt = new Date();
    const row = (await repo.updateInteraction(tx, companyId, id, { status: "closed", closedAt, closedByUserId: agent.userId || null })) ?? before;
    const event = await appendEvent(tx, companyId, id, {
      type: "interaction.closed",
      visibleToContact: true,
      payload: { closer: { id: agent.userId, name: agent.name }, mood: row.mood, rating: row.rating, closed_at: closedAt.toISOString() },
    });
    await ctx.events.record(tx, "conversation.closed", { company_id: companyId, interaction_id: id });
    return { before, row, event };
  });
  if (result) publish(ctx, [result.before, result.row], [result.event]);
}
