import type { ImapFlow } from "imapflow";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import type { AppContext } from "../../context.ts";
import { findFile } from "../../modules/companies/companies.lookup.ts";
import { findInteraction } from "../../modules/interactions/interactions.lookup.ts";
import { findMessage, listMessagesBefore } from "../../modules/interactions/messages.service.ts";
import type { ChannelAdapter, DeliveryResult, OutboundDelivery } from "../adapter.ts";
import { recordAcceptedDelivery } from "../delivery-parts.ts";
import { imapClient, isAuthFailure, MailServerRefused, smtpTransport, type MailboxLogin } from "./connect.ts";
import { forgetAccessToken, isOAuth, mailboxLogin, MailboxNeedsReconnect } from "./login.ts";
import * as repo from "./email.repo.ts";
import { newReplyToken, outgoingMessageId, replySubject } from "./threading.ts";

const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");

/** The reply's text: the answer, the mailbox's signature, then the customer's last mail quoted. */
export function replyBody(text: string, signature: string, quoted: { text: string; from: string; at: Date } | null): string {
  const parts = [text.trim()];
  if (signature.trim()) parts.push(`-- \n${signature.trim()}`);
  if (quoted) parts.push(`${quoted.at.toUTCString()}, ${quoted.from}:\n${quote(quoted.text.trim())}`);
  return parts.join("\n\n") + "\n";
}

/** At most 20 ids, as mail programs trim a long References: the thread's first mail and the most recent ones. */
const keepRootAndRecent = (ids: string[]) => (ids.length > 20 ? [ids[0] as string, ...ids.slice(-19)] : ids);

const isPermanent = (error: unknown) => {
  const details = error as { code?: string; responseCode?: number };
  return details.code === "EAUTH" || (typeof details.responseCode === "number" && details.responseCode >= 500);
};

/**
 * The customer mail a reply answers may not be linked to its message yet: the agent can answer (and its
 * reply be delivered) before the inbound job links the mail it stored. The customer's messages just before
 * the reply name their mail in their provider id, so they are linked here (the same values the job writes).
 */
async function linkAnswered(
  ctx: AppContext,
  delivery: OutboundDelivery,
  reply: { interactionId: number; seq: number },
  chain: { messageId: number | null }[],
): Promise<boolean> {
  const linked = new Set(chain.map((mail) => mail.messageId));
  const prefix = `email:${delivery.channelId}:`;
  let changed = false;
  for (const { message } of await listMessagesBefore(ctx.db, delivery.companyId, reply.interactionId, reply.seq, 5, true)) {
    if (message.direction !== "in" || linked.has(message.id) || !message.providerMessageId?.startsWith(prefix)) continue;
    await repo.linkEmailMessage(
      ctx.db,
      delivery.companyId,
      delivery.channelId,
      message.providerMessageId.slice(prefix.length),
      reply.interactionId,
      message.id,
    );
    changed = true;
  }
  return changed;
}

/**
 * Sends a reply through the mailbox's own SMTP, as one more mail of the customer's thread: In-Reply-To the
 * last mail, References the whole chain, a Message-ID derived from the message (a retry sends the same
 * one), the conversation's token in the subject, then a copy in the Sent folder when the server does not
 * keep one itself. A refusal (5xx, wrong login) is not tried again; anything else is.
 */
async function deliver(delivery: OutboundDelivery, ctx: AppContext): Promise<DeliveryResult> {
  const found = await repo.findMailbox(ctx.db, delivery.companyId, delivery.channelId);
  const message = await findMessage(ctx.db, delivery.companyId, delivery.messageId);
  if (!found || !message) return { ok: false, retryable: false, error: "mailbox_or_message_missing" };
  let login: MailboxLogin | null;
  try {
    login = await mailboxLogin(ctx, found.channel, found.mailbox);
  } catch (error) {
    // A refused OAuth2 grant waits for an admin (the settings page says so); an unreachable token endpoint is retried.
    if (error instanceof MailboxNeedsReconnect) return { ok: false, retryable: false, error: "mailbox_needs_reconnect" };
    return { ok: false, retryable: true, error: String(error) };
  }
  if (!login) return { ok: false, retryable: false, error: "mailbox_password_missing" };
  const { mailbox } = found;
  const interaction = await findInteraction(ctx.db, delivery.companyId, message.interactionId);
  let thread = await repo.findThread(ctx.db, delivery.companyId, message.interactionId);
  if (!thread) {
    // A conversation started from the inbox: its title is the subject.
    await repo.insertThreadOnce(ctx.db, {
      interactionId: message.interactionId,
      companyId: delivery.companyId,
      channelId: delivery.channelId,
      subject: interaction?.title ?? "",
      replyToken: newReplyToken(),
    });
    thread = await repo.findThread(ctx.db, delivery.companyId, message.interactionId);
  }
  let chain = await repo.listConversationMail(ctx.db, delivery.companyId, message.interactionId);
  if (await linkAnswered(ctx, delivery, message, chain)) chain = await repo.listConversationMail(ctx.db, delivery.companyId, message.interactionId);
  const rfcMessageId = outgoingMessageId(delivery.companyId, message.id, mailbox.address);
  const earlier = chain.filter((mail) => mail.rfcMessageId !== rfcMessageId);
  const lastInbound = earlier.filter((mail) => mail.direction === "in").at(-1) ?? null;
  // The reply answers the customer's latest mail (not our own last answer), as a person replying in a mail
  // program would; a conversation we started answers our own first mail.
  const parent = lastInbound ?? earlier.at(-1) ?? null;
  const last = earlier.at(-1) ?? null;
  const quotedMessage = lastInbound?.messageId ? await findMessage(ctx.db, delivery.companyId, lastInbound.messageId) : null;
  // References: the whole chain up to the newest mail of either side, ending with the parent (RFC 5322 §3.6.4).
  const chainIds = last ? [...last.references, ...earlier.map((mail) => mail.rfcMessageId)] : [];
  const references = parent ? keepRootAndRecent([...new Set([...chainIds.filter((id) => id !== parent.rfcMessageId), parent.rfcMessageId])]) : [];
  const subject = replySubject(thread?.subject ?? interaction?.title ?? "", thread?.replyToken ?? newReplyToken(), earlier.length > 0);
  const attachments = [];
  for (const attachment of delivery.attachments) {
    const file = await findFile(ctx.db, delivery.companyId, attachment.file_id);
    if (file) attachments.push({ filename: attachment.name, content: file.data, contentType: attachment.mime });
  }
  const raw = await new MailComposer({
    from: { name: found.channel.name, address: mailbox.address },
    to: delivery.externalId,
    subject,
    messageId: rfcMessageId,
    inReplyTo: parent?.rfcMessageId,
    references: references.length ? references.join(" ") : undefined,
    text: replyBody(
      delivery.text,
      mailbox.signature,
      quotedMessage && lastInbound ? { text: quotedMessage.text, from: lastInbound.fromAddress, at: quotedMessage.createdAt } : null,
    ),
    attachments,
    headers: {
      // Asks Exchange and Outlook not to answer with out-of-office replies; a bot's answer says it is automatic (RFC 3834).
      "X-Auto-Response-Suppress": "OOF, AutoReply",
      ...(message.isBot ? { "Auto-Submitted": "auto-replied" } : {}),
    },
  })
    .compile()
    .build();
  await repo.insertEmailMessageOnce(ctx.db, {
    companyId: delivery.companyId,
    channelId: delivery.channelId,
    rfcMessageId,
    direction: "out",
    interactionId: message.interactionId,
    messageId: message.id,
    subject,
    fromAddress: mailbox.address,
    toAddress: delivery.externalId,
    references: parent ? references : [],
  });
  let transport: Awaited<ReturnType<typeof smtpTransport>> | null = null;
  try {
    transport = await smtpTransport(ctx, login);
    await transport.sendMail({ envelope: { from: mailbox.address, to: [delivery.externalId] }, raw });
  } catch (error) {
    if (error instanceof MailServerRefused) return { ok: false, retryable: false, error: "mail_server_not_public" };
    if (isOAuth(mailbox) && isAuthFailure(error)) {
      // The token was refused although not expired (revoked early): the retry refreshes it, or finds the grant gone.
      await forgetAccessToken(ctx, found.channel);
      return { ok: false, retryable: true, error: String(error) };
    }
    return { ok: false, retryable: !isPermanent(error), error: String(error) };
  } finally {
    transport?.close();
  }
  // The SMTP server took it: recorded before anything else can fail, so no retry sends it again.
  await recordAcceptedDelivery(ctx.db, delivery, rfcMessageId);
  if (mailbox.copyToSent) await copyToSent(ctx, login, raw, delivery);
  return { ok: true, providerMessageId: rfcMessageId };
}

/**
 * A copy in the mailbox's Sent folder: the folder the server marks `\Sent` (RFC 6154; imapflow also knows the
 * usual names of servers without SPECIAL-USE), else one it creates ("Sent" under the personal namespace). The
 * sent mail is already with the customer: a failed copy is logged, never a reason to send again.
 */
async function copyToSent(ctx: AppContext, login: MailboxLogin, raw: Buffer, delivery: OutboundDelivery) {
  let client: ImapFlow | null = null;
  try {
    client = await imapClient(ctx, login);
    client.on("error", () => undefined);
    await client.connect();
    const folders = await client.list();
    let sent = folders.find((folder) => folder.specialUse === "\\Sent")?.path;
    if (!sent) {
      const prefix = client.namespace?.prefix ?? "";
      sent = (await client.mailboxCreate(`${prefix}Sent`)).path;
      ctx.log.info({ channelId: delivery.channelId, folder: sent }, "the mailbox had no Sent folder; created one");
    }
    await client.append(sent, raw, ["\\Seen"]);
  } catch (error) {
    ctx.log.warn({ err: error, channelId: delivery.channelId }, "copying a reply to the Sent folder failed");
  } finally {
    await client?.logout().catch(() => client?.close());
  }
}

export const emailAdapter: ChannelAdapter = {
  type: "email",
  live: false,
  deliver,
};
