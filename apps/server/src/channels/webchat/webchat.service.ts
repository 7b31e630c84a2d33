import type { VisitorMessageInput, WebchatSessionInput, WebchatSessionView } from "@holboo/core";
import { fullName, VISITOR_MESSAGES_PER_MINUTE } from "@holboo/core";
import { createHmac, randomUUID } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { hashToken, newToken, safeEqual } from "../../platform/auth/tokens.ts";
import { fail } from "../../platform/http/errors.ts";
import type { VisitorIdentity } from "../../platform/realtime/realtime.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import { findServingAgent } from "../channels.lookup.ts";
import type { ChannelRow } from "../channels.repo.ts";
import { findWebchat, findWebchatByPublicKey, type WebchatRow } from "./webchat.repo.ts";
import { presentWebchatLook } from "./webchat.presenter.ts";
import * as contacts from "../../modules/contacts/contacts.service.ts";
import { latestForIdentity } from "../../modules/interactions/interactions.lookup.ts";
import { findFile } from "../../modules/companies/companies.lookup.ts";
import { isAttachmentVisibleToIdentity, loadAttachments } from "../../modules/interactions/messages.service.ts";
import { receiveFromContact } from "../../modules/interactions/receive.service.ts";
import { answerFromFaq } from "../../modules/interactions/reply.service.ts";
import { recordQuestion } from "../../modules/knowledge/qa.service.ts";
import { anyoneOnline } from "../../modules/users/users.lookup.ts";
import { acceptFromContact } from "../accept-message.ts";

/** The page embedding the widget must be the channel's domain (or a subdomain), or Holboo's own test page. */
export function hostAllowed(hostOrigin: string | undefined, domain: string, publicUrl: string): boolean {
  if (!hostOrigin) return false;
  let url: URL;
  try {
    url = new URL(hostOrigin);
  } catch {
    return false;
  }
  if (url.origin === new URL(publicUrl).origin) return true;
  // A domain with a port (localhost:8080) admits only that port; one without admits any, as before.
  const [name = "", port] = domain.split(":");
  if (port !== undefined && url.port !== port) return false;
  const host = url.hostname.toLowerCase();
  return host === name || host.endsWith(`.${name}`);
}

export const visitorSignature = (secret: string, userId: string) => createHmac("sha256", secret).update(userId).digest("hex");

/** An active virtual agent serving the channel, or an online person, can answer now. */
async function someoneCanAnswer(ctx: AppContext, companyId: number, channelId: number): Promise<boolean> {
  if (await findServingAgent(ctx.db, companyId, channelId)) return true;
  return anyoneOnline(ctx.db, companyId);
}

const HOUR_MS = 3_600_000;

/**
 * Every anonymous visitor is a new identity (and a contact once they write): one address, and one channel, may start only so many an hour
 * (counted with every process; configurable). A returning visitor's token and a site's signed user are not counted.
 */
async function admitNewVisitor(ctx: AppContext, channelId: number, ip: string) {
  const ipKey = `webchat-new-visitor:ip:${ip}`;
  const channelKey = `webchat-new-visitor:channel:${channelId}`;
  const totals = await ctx.limits.counters.add([
    { key: ipKey, by: 1, windowMs: HOUR_MS },
    { key: channelKey, by: 1, windowMs: HOUR_MS },
  ]);
  const over = (key: string, max: number) => (totals.get(key)?.count ?? 0) > max;
  if (over(ipKey, ctx.config.WEBCHAT_NEW_VISITORS_PER_IP_PER_HOUR) || over(channelKey, ctx.config.WEBCHAT_NEW_VISITORS_PER_CHANNEL_PER_HOUR)) {
    fail("visitor_limit_reached");
  }
}

async function resolveIdentity(ctx: AppContext, channel: ChannelRow, webchat: WebchatRow, input: WebchatSessionInput, ip: string) {
  if (input.user_id) {
    if (!input.user_hash || !safeEqual(input.user_hash.toLowerCase(), visitorSignature(webchat.hmacSecret, input.user_id))) fail("visitor_signature_invalid");
    const externalId = `user:${input.user_id}`;
    const existing = await contacts.findIdentity(ctx.db, channel.id, externalId);
    if (existing) return { identity: existing, token: null };
    const [first = "", ...rest] = (input.name ?? "").split(/\s+/);
    const contact = await contacts.insertContact(ctx.db, {
      companyId: channel.companyId,
      firstName: first,
      lastName: rest.join(" "),
      email: input.email || null,
      createdBy: "system",
    });
    return {
      identity: await contacts.insertIdentity(ctx.db, {
        companyId: channel.companyId,
        contactId: contact.id,
        channelId: channel.id,
        externalId,
        verified: true,
      }),
      token: null,
    };
  }
  if (input.visitor_token) {
    const existing = await contacts.findIdentityByToken(ctx.db, hashToken(input.visitor_token));
    if (existing && existing.channelId === channel.id && !existing.verified) return { identity: existing, token: input.visitor_token };
  }
  await admitNewVisitor(ctx, channel.id, ip);
  // No contact yet: an anonymous visitor becomes one with their first message (`sendFromVisitor`).
  const identity = await contacts.insertIdentity(ctx.db, {
    companyId: channel.companyId,
    contactId: null,
    channelId: channel.id,
    externalId: `anon:${randomUUID()}`,
  });
  return { identity, token: null };
}

/** The site allowed to frame the chat app for a channel's public key: its domain, or none for a key no channel has. */
export async function frameDomainFor(ctx: AppContext, publicKey: string | undefined): Promise<string | null> {
  const found = publicKey ? await findWebchatByPublicKey(ctx.db, publicKey) : null;
  return found?.webchat.domain ?? null;
}

export async function startSession(ctx: AppContext, input: WebchatSessionInput, ip: string): Promise<WebchatSessionView> {
  const found = (await findWebchatByPublicKey(ctx.db, input.public_key)) ?? fail("channel_not_found");
  const { channel, webchat } = found;
  if (!channel.active) fail("channel_inactive");
  if (!hostAllowed(input.host_origin, webchat.domain, ctx.config.PUBLIC_URL)) fail("domain_connect_failed");
  const resolved = await resolveIdentity(ctx, channel, webchat, input, ip);
  let token = resolved.token;
  if (!token) {
    // A signed-in user's token is re-issued each session; an anonymous visitor keeps theirs.
    token = newToken();
    if (resolved.identity.visitorTokenHash) visitors.delete(resolved.identity.visitorTokenHash);
    await contacts.setIdentityToken(ctx.db, resolved.identity.id, hashToken(token));
  }
  const latest = await latestForIdentity(ctx.db, channel.companyId, resolved.identity.id);
  return {
    visitor_token: token,
    config: { channel_id: channel.id, ...presentWebchatLook(webchat) },
    interaction: latest ? { id: latest.id, status: latest.status, last_seq: latest.lastSeq } : null,
    online: await someoneCanAnswer(ctx, channel.companyId, channel.id),
  };
}

/** Visitors send often; their token lookup is cached briefly (a rotated token stays valid at most this long). */
const visitors = new TtlCache<string, VisitorIdentity>(30_000, 50_000);

/** The visitor behind a token, for HTTP calls and the socket handshake. */
export async function visitorFromToken(ctx: AppContext, token: string | undefined): Promise<VisitorIdentity | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const cached = visitors.get(tokenHash);
  if (cached) return cached;
  const identity = await contacts.findIdentityByToken(ctx.db, tokenHash);
  if (!identity) return null;
  const contact = identity.contactId === null ? null : await contacts.findContact(ctx.db, identity.companyId, identity.contactId);
  const visitor: VisitorIdentity = {
    companyId: identity.companyId,
    channelId: identity.channelId,
    identityId: identity.id,
    contactId: identity.contactId,
    contactName: contact ? fullName(contact.firstName, contact.lastName) : "",
  };
  visitors.set(tokenHash, visitor);
  return visitor;
}

export async function requireVisitor(ctx: AppContext, token: string | undefined): Promise<VisitorIdentity> {
  return (await visitorFromToken(ctx, token)) ?? fail("visitor_token_invalid");
}

/** One budget for a visitor's messages, whether they come over the socket or HTTP, on any process; it is
 * decided locally and reconciled with the shared store in batches (no round trip per message). */
const visitorMessages = (ctx: AppContext) => ctx.limits.window("visitor-messages", VISITOR_MESSAGES_PER_MINUTE, 60_000);

export async function sendFromVisitor(ctx: AppContext, visitor: VisitorIdentity, input: VisitorMessageInput) {
  if (!visitorMessages(ctx).take(visitor.identityId)) fail("rate_limited");
  const attachments = await loadAttachments(ctx.db, visitor.companyId, input.attachment_ids);
  // The first message makes the visitor a contact (once, however many messages race); the cached identity learns it.
  const contactId = await contacts.ensureIdentityContact(ctx.db, { id: visitor.identityId, companyId: visitor.companyId, contactId: visitor.contactId });
  visitor.contactId = contactId;
  const inbound = {
    companyId: visitor.companyId,
    channelId: visitor.channelId,
    identityId: visitor.identityId,
    contactId,
    contactName: visitor.contactName,
    text: input.text,
    attachments,
    clientId: `v${visitor.identityId}:${input.client_id}`,
    providerMessageId: null,
  };
  const answer = input.faq_index === undefined || attachments.length ? null : await faqAnswer(ctx, visitor, input.faq_index, input.text);
  if (!answer) return acceptFromContact(ctx, inbound);
  // A tapped FAQ question is answered by its entry at once, so no agent turn is queued for it.
  const received = await receiveFromContact(ctx, inbound, false);
  if (received.interaction) {
    await answerFromFaq(ctx, received.interaction, received.row, answer);
    const agent = await findServingAgent(ctx.db, visitor.companyId, visitor.channelId);
    if (agent)
      await recordQuestion(ctx.db, {
        companyId: visitor.companyId,
        agentId: agent.id,
        interactionId: received.interaction.id,
        question: input.text.trim(),
        outcome: "answered",
        confidence: 1,
      });
  }
  return received.view;
}

/** The answer of the channel's FAQ entry the visitor tapped, when the text is still its question (in either language). */
async function faqAnswer(ctx: AppContext, visitor: VisitorIdentity, index: number, text: string): Promise<string | null> {
  const found = await findWebchat(ctx.db, visitor.companyId, visitor.channelId);
  const entry = found?.webchat.faq[index];
  if (!entry) return null;
  const question = text.trim();
  if (question === entry.question_en.trim() && entry.question_en.trim() && entry.answer_en.trim()) return entry.answer_en;
  if (question === entry.question_mn.trim() || question === entry.question_en.trim())
    return entry.answer_mn.trim() ? entry.answer_mn : entry.answer_en.trim() ? entry.answer_en : null;
  return null;
}

/** A file the visitor may download: one attached to a customer-visible message of their own conversations. */
export async function visitorFile(ctx: AppContext, visitor: VisitorIdentity, fileId: string) {
  const visible = await isAttachmentVisibleToIdentity(ctx.db, visitor.companyId, visitor.identityId, fileId);
  return (visible ? await findFile(ctx.db, visitor.companyId, fileId) : null) ?? fail("file_not_found");
}
