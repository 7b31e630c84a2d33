import MailComposer from "nodemailer/lib/mail-composer/index.js";
import type { AppContext } from "../../context.ts";
import { findFile } from "../../modules/companies/companies.service.ts";
import { findInteraction } from "../../modules/interactions/interactions.service.ts";
import { findMessage, listMessagesBefore } from "../../modules/interactions/messages.service.ts";
import type { ChannelAdapter, DeliveryResult, OutboundDelivery } from "../adapter.ts";
import { imapClient, isAuthFailure, smtpTransport, type MailboxLogin } from "./connect.ts";
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
  const parent = earlier.at(-1) ?? null;
  const quotedMessage = lastInbound?.messageId ? await findMessage(ctx.db, delivery.companyId, lastInbound.messageId) : null;
  const references = parent ? [...new Set([...parent.references, parent.rfcMessageId])].slice(-20) : [];
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
  const transport = smtpTransport(login);
  try {
    await transport.sendMail({ envelope: { from: mailbox.address, to: [delivery.externalId] }, raw });
  } catch (error) {
    if (isOAuth(mailbox) && isAuthFailure(error)) {
      // The token was refused although not expired (revoked early): the retry refreshes it, or finds the grant gone.
      await forgetAccessToken(ctx, found.channel);
      return { ok: false, retryable: true, error: String(error) };
    }
    return { ok: false, retryable: !isPermanent(error), error: String(error) };
  } finally {
    transport.close();
  }
  if (mailbox.copyToSent) await copyToSent(ctx, login, raw, delivery);
  return { ok: true, providerMessageId: rfcMessageId };
}

/** The sent mail is already with the customer: a failed copy is logged, never a reason to send again. */
async function copyToSent(ctx: AppContext, login: MailboxLogin, raw: Buffer, delivery: OutboundDelivery) {
  const client = imapClient(login);
  client.on("error", () => undefined);
  try {
    await client.connect();
    const folders = await client.list();
    const sent = folders.find((folder) => folder.specialUse === "\\Sent") ?? folders.find((folder) => /^sent/i.test(folder.name));
    await client.append(sent?.path ?? "Sent", raw, ["\\Seen"]);
  } catch (error) {
    ctx.log.warn({ err: error, channelId: delivery.channelId }, "copying a reply to the Sent folder failed");
  } finally {
    await client.logout().catch(() => client.close());
  }
}

export const emailAdapter: ChannelAdapter = {
  type: "email",
  live: false,
  deliver,
};
