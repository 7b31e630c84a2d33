import { EmailInboundJobPayload, LIMITS, type AttachmentView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import { defineJob } from "../../platform/jobs/job.ts";
import { insertFile } from "../../modules/companies/companies.lookup.ts";
import { findInteraction } from "../../modules/interactions/interactions.lookup.ts";
import { fullName } from "@holboo/core";
import type { ChannelRow } from "../channels.repo.ts";
import { findUnprocessedEvents, insertEventOnce, markEventProcessed } from "../provider-events.repo.ts";
import { resolveSender } from "../resolve-contact.ts";
import { acceptFromContact } from "../accept-message.ts";
import type { Executor } from "../../platform/db/client.ts";
import { emailDraftJob } from "./draft.job.ts";
import * as repo from "./email.repo.ts";
import { parseMail, type IncomingMail } from "./mail.ts";
import { baseSubject, newReplyToken, tokenInSubject } from "./threading.ts";

/** A mail as the reader stores it: its place in the mailbox and its raw source (base64), or its headers when too large. */
export interface StoredMail {
  uid: number;
  uid_validity: number;
  raw: string;
  truncated: boolean;
  /** Past mail brought in when the mailbox was connected: for people only, never the virtual agent. */
  imported?: boolean;
}

/**
 * Stores a batch of fetched mails (in UID order) as channel events with one processing job for them all, in
 * the caller's transaction (the one that moves the mailbox's read position): a mail is stored once per
 * (UIDVALIDITY, UID), and a batch read again adds a job only for what it had not stored.
 */
export async function storeMails(ctx: AppContext, tx: Executor, channel: { companyId: number; channelId: number }, mails: StoredMail[]) {
  const ids: number[] = [];
  for (const mail of mails) {
    const id = await insertEventOnce(tx, {
      companyId: channel.companyId,
      channelId: channel.channelId,
      providerEventId: `imap:${mail.uid_validity}:${mail.uid}`,
      payload: mail,
    });
    if (id !== null) ids.push(id);
  }
  if (!ids.length) return;
  // One queue per mailbox: a reply is threaded after the mail it answers, in arrival order.
  await ctx.jobs.add(tx, emailInboundJob, { company_id: channel.companyId, event_ids: ids }, { queue: `email:${channel.channelId}` });
}

/** Which open conversation a mail continues: by its Message-ID references, then by our token in the subject. */
async function threadOf(ctx: AppContext, channel: ChannelRow, mail: IncomingMail, senderIdentityId: number) {
  const byHeaders = await repo.findInteractionByRfcIds(ctx.db, channel.companyId, channel.id, mail.threadIds);
  const token = tokenInSubject(mail.subject);
  const byToken = byHeaders ?? (token ? (await repo.findThreadByToken(ctx.db, channel.companyId, channel.id, token))?.interactionId : null) ?? null;
  if (!byToken) return null;
  const interaction = await findInteraction(ctx.db, channel.companyId, byToken);
  // A reply to a closed conversation starts a new one: the closed one keeps its outcome and rating.
  // A token alone threads only the customer of that conversation (a forwarded mail from someone else starts its own).
  if (!interaction || interaction.status !== "open") return null;
  if (!byHeaders && interaction.identityId !== senderIdentityId) return null;
  return interaction.id;
}

async function storeAttachments(ctx: AppContext, companyId: number, mail: IncomingMail) {
  const stored: AttachmentView[] = [];
  const skipped: string[] = [];
  for (const attachment of mail.attachments) {
    if (attachment.content.length > LIMITS.attachmentBytes) {
      skipped.push(attachment.filename);
      continue;
    }
    const fileId = await insertFile(ctx.db, companyId, attachment.contentType, attachment.content);
    stored.push({ file_id: fileId, name: attachment.filename, mime: attachment.contentType, size: attachment.content.length });
  }
  return { stored, skipped };
}

/**
 * Turns a batch of received mails, one at a time in UID order, into customer messages: mail that could loop (our own, bounces, auto-replies,
 * bulk) is recorded and left out; a reply joins its open conversation, other mail starts one. A mail
 * whose Message-ID the mailbox already has is a copy and is skipped, so a re-read mailbox repeats nothing.
 */
export const emailInboundJob = defineJob<EmailInboundJobPayload, AppContext>({
  id: "email.inbound",
  payload: EmailInboundJobPayload,
  maxAttempts: 10,
  async handler(ctx, payload, run) {
    const ids = payload.event_id ? [payload.event_id, ...payload.event_ids] : payload.event_ids;
    // In order, each marked processed after its mail is in: a retry (or a kill) goes on with the first not done.
    let failed: unknown = null;
    const mailboxes = new Map<number, Awaited<ReturnType<typeof repo.findMailbox>>>();
    for (const event of await findUnprocessedEvents(ctx.db, payload.company_id, ids)) {
      if (run.signal.aborted) throw new Error("stopping: the rest of the batch is retried");
      try {
        if (!mailboxes.has(event.channelId)) mailboxes.set(event.channelId, await repo.findMailbox(ctx.db, payload.company_id, event.channelId));
        const found = mailboxes.get(event.channelId);
        if (found) await receive(ctx, found.channel, found.mailbox, event.payload as StoredMail);
      } catch (error) {
        // On the last attempt one bad mail does not hold back the rest: it stays unprocessed in a dead job to revive.
        if (run.attempt < run.maxAttempts) throw error;
        ctx.log.error({ err: error, eventId: event.id }, "an e-mail could not be received");
        failed = error;
        continue;
      }
      await markEventProcessed(ctx.db, payload.company_id, event.id);
    }
    if (failed) throw failed;
  },
});

async function receive(ctx: AppContext, channel: ChannelRow, mailbox: repo.MailboxRow, stored: StoredMail) {
  const mail = await parseMail(Buffer.from(stored.raw, "base64"), mailbox.address);
  const rfcMessageId = mail.rfcMessageId ?? `<imap.${stored.uid_validity}.${stored.uid}.${channel.id}@holboo.local>`;
  const known = await repo.findEmailMessageByRfcId(ctx.db, channel.companyId, channel.id, rfcMessageId);
  if (known?.messageId || known?.ignoredReason) {
    // The same Message-ID is the same mail (RFC 5322 §3.6.4): a second copy (a re-read, a mail in two folders) adds nothing.
    ctx.log.info({ channelId: channel.id, rfcMessageId, uid: stored.uid }, "an e-mail already received was left out");
    return;
  }
  const record = {
    companyId: channel.companyId,
    channelId: channel.id,
    rfcMessageId,
    direction: "in",
    subject: mail.subject,
    fromAddress: mail.fromAddress,
    toAddress: mail.toAddress,
    references: mail.references,
    html: mail.html,
    quotedHtml: mail.quotedHtml,
    imported: stored.imported === true,
  };
  if (mail.loop || !mail.fromAddress) {
    const reason = mail.loop ?? "no_sender";
    await repo.insertEmailMessageOnce(ctx.db, { ...record, ignoredReason: reason });
    ctx.log.info({ channelId: channel.id, rfcMessageId, reason }, "an e-mail was kept out of the inbox (it must not be answered)");
    return;
  }
  const drafting = mailbox.agentMode === "draft" && channel.agentActive && channel.agentId !== null;
  const [firstName = "", ...rest] = mail.fromName.trim().split(/\s+/);
  const inbound = { channelId: channel.id, externalId: mail.fromAddress, providerMessageId: null, text: "", attachments: [] };
  const { identity, contact } = await resolveSender(ctx, channel, { ...inbound, profile: { firstName, lastName: rest.join(" "), email: mail.fromAddress } });
  const interactionId = await threadOf(ctx, channel, mail, identity.id);
  // A truncated mail's attachments are cut short: none is kept (the note says the mail was longer).
  const { stored: attachments, skipped } = await storeAttachments(ctx, channel.companyId, stored.truncated ? { ...mail, attachments: [] } : mail);
  const note = skipped.length ? `\n\n[${skipped.join(", ")}: > ${Math.round(LIMITS.attachmentBytes / 1024 / 1024)} MB]` : "";
  const truncated = stored.truncated ? "\n\n[…]" : "";
  const subject = baseSubject(mail.subject);
  // Recorded before the message, so the answer (a person's or the agent's) finds the mail it replies to.
  await repo.insertEmailMessageOnce(ctx.db, record);
  const view = await acceptFromContact(
    ctx,
    {
      companyId: channel.companyId,
      channelId: channel.id,
      identityId: identity.id,
      contactId: identity.contactId,
      contactName: contact ? fullName(contact.firstName, contact.lastName) : mail.fromAddress,
      text: `${mail.text}${note}${truncated}`.trim() || subject,
      attachments,
      clientId: null,
      providerMessageId: `email:${channel.id}:${rfcMessageId}`.slice(0, 500),
      thread: { interactionId, title: subject || mail.text.slice(0, 60), ...(stored.imported || drafting ? { people: true } : {}) },
    },
    // Imported mail is history: a person looks at it; the virtual agent never answers it. In "draft" mode a
    // new conversation goes to people (the agent's draft waits in their composer).
    { agent: !stored.imported },
  );
  await repo.insertThreadOnce(ctx.db, {
    interactionId: view.interaction_id,
    companyId: channel.companyId,
    channelId: channel.id,
    subject: subject || "(no subject)",
    replyToken: newReplyToken(),
  });
  if (drafting && !stored.imported) {
    await ctx.jobs.add(
      ctx.db,
      emailDraftJob,
      { company_id: channel.companyId, interaction_id: view.interaction_id, message_id: view.id },
      { queue: `conversation:${view.interaction_id}`, key: `email_draft:${view.id}` },
    );
  }
  // Linked last: a retry after a crash finds the mail unlinked and redoes the steps above (each is idempotent).
  await repo.linkEmailMessage(ctx.db, channel.companyId, channel.id, rfcMessageId, view.interaction_id, view.id);
}
