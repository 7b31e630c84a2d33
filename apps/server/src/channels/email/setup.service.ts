import type { EmailChannelInput, EmailDraftView, EmailMessageView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { fail } from "../../platform/http/errors.ts";
import { findVirtualAgent } from "../../modules/companies/companies.service.ts";
import { insertChannel, updateChannel } from "../../modules/channels/channels.service.ts";
import { get as getInteraction } from "../../modules/interactions/interactions.service.ts";
import { listMessagesBefore } from "../../modules/interactions/messages.service.ts";
import { channelSecrets, saveChannelSecrets } from "../secrets.ts";
import { testConnection } from "./connect.ts";
import * as repo from "./email.repo.ts";
import { presentMailbox } from "./email.presenter.ts";
import { withRemoteImages } from "./html.ts";
import { addEmailImport } from "./import.job.ts";
import { wakeEmailReaders } from "./reader.ts";
import { assertWithinLimit } from "../../modules/billing/billing.service.ts";
import { recordAudit } from "../../modules/audit/audit.service.ts";

/**
 * Connecting a mailbox (IMAP to read, SMTP to send): every save logs in to both first, so a wrong password
 * and an unreachable server are told apart before anything is stored. Reading starts at the mail that
 * arrives after the connection; mail already in the mailbox is imported only when asked (the last N days).
 */
export async function listMailboxes(ctx: AppContext, actor: MemberActor, companyId: number) {
  if (companyId !== actor.companyId) fail("company_not_found");
  const rows = await repo.listMailboxes(ctx.db, actor.companyId);
  return { items: rows.map((row) => presentMailbox(row.channel, row.mailbox)) };
}

export async function getMailbox(ctx: AppContext, actor: MemberActor, channelId: number) {
  const row = (await repo.findMailbox(ctx.db, actor.companyId, channelId)) ?? fail("channel_not_found");
  return presentMailbox(row.channel, row.mailbox);
}

async function servingAgentOf(ctx: AppContext, companyId: number, input: EmailChannelInput) {
  if (input.agent_id === null) {
    if (input.agent_active) fail("virtual_agent_required", { agent_id: "virtual_agent_required" });
    return { agentId: null, agentActive: false };
  }
  const agent = await findVirtualAgent(ctx.db, companyId, input.agent_id);
  if (!agent || agent.agentType !== "social_agent") fail("virtual_agent_not_found", { agent_id: "virtual_agent_not_found" });
  return { agentId: input.agent_id, agentActive: input.agent_active };
}

const settingsOf = (input: EmailChannelInput) => ({
  address: input.address,
  imapHost: input.imap_host,
  imapPort: input.imap_port,
  imapTls: input.imap_tls,
  smtpHost: input.smtp_host,
  smtpPort: input.smtp_port,
  smtpTls: input.smtp_tls,
  username: input.username,
  signature: input.signature,
  copyToSent: input.copy_to_sent,
  agentMode: input.agent_mode,
});

export async function createMailbox(ctx: AppContext, actor: MemberActor, input: EmailChannelInput) {
  if (!input.password) fail("email_password_required", { password: "email_password_required" });
  const agent = await servingAgentOf(ctx, actor.companyId, input);
  await assertWithinLimit(ctx.db, actor.companyId, "channels");
  const position = await testConnection({ ...settingsOf(input), password: input.password }, "INBOX");
  const channelId = await ctx.db.transaction(async (tx) => {
    await assertWithinLimit(tx, actor.companyId, "channels");
    const channel = await insertChannel(tx, {
      companyId: actor.companyId,
      type: "email",
      name: input.name,
      description: input.description,
      number: input.address,
      active: input.active,
      ...agent,
    });
    await repo.insertMailbox(tx, {
      channelId: channel.id,
      companyId: actor.companyId,
      ...settingsOf(input),
      uidValidity: position.uidValidity,
      lastUid: Math.max(0, position.uidNext - 1),
      state: "connecting",
    });
    await saveChannelSecrets(ctx.secrets, tx, channel, { password: input.password });
    await recordAudit(tx, actor, {
      action: "channel.create",
      targetType: "channel",
      targetId: channel.id,
      after: { type: "email", name: input.name, address: input.address },
    });
    if (input.import_days > 0) {
      await addEmailImport(ctx, tx, {
        company_id: actor.companyId,
        channel_id: channel.id,
        uid_validity: position.uidValidity,
        up_to_uid: Math.max(0, position.uidNext - 1),
        since: new Date(Date.now() - input.import_days * 24 * 3600_000).toISOString(),
      });
    }
    return channel.id;
  });
  wakeEmailReaders();
  return getMailbox(ctx, actor, channelId);
}

export async function updateMailbox(ctx: AppContext, actor: MemberActor, channelId: number, input: EmailChannelInput) {
  const row = (await repo.findMailbox(ctx.db, actor.companyId, channelId)) ?? fail("channel_not_found");
  const agent = await servingAgentOf(ctx, actor.companyId, input);
  const password = input.password || channelSecrets<{ password: string }>(ctx.secrets, row.channel)?.password || fail("email_password_required");
  const position = await testConnection({ ...settingsOf(input), password }, row.mailbox.folder);
  // Another server or account is another mailbox: its reading starts from now too.
  const moved = row.mailbox.imapHost !== input.imap_host || row.mailbox.imapPort !== input.imap_port || row.mailbox.username !== input.username;
  await ctx.db.transaction(async (tx) => {
    await updateChannel(tx, actor.companyId, channelId, {
      name: input.name,
      description: input.description,
      number: input.address,
      active: input.active,
      ...agent,
    });
    await repo.updateMailbox(tx, actor.companyId, channelId, {
      ...settingsOf(input),
      ...(moved ? { uidValidity: position.uidValidity, lastUid: Math.max(0, position.uidNext - 1) } : {}),
    });
    await saveChannelSecrets(ctx.secrets, tx, row.channel, { password });
    await recordAudit(tx, actor, {
      action: "channel.update",
      targetType: "channel",
      targetId: channelId,
      before: { name: row.channel.name, address: row.mailbox.address, active: row.channel.active },
      after: { name: input.name, address: input.address, active: input.active, new_credentials: !!input.password },
    });
  });
  wakeEmailReaders();
  return getMailbox(ctx, actor, channelId);
}

/** A received mail as sent: sanitised HTML with the quoted history apart; remote images only when asked. */
export async function emailOfMessage(
  ctx: AppContext,
  actor: MemberActor,
  interactionId: number,
  messageId: number,
  images: boolean,
): Promise<EmailMessageView> {
  await getInteraction(ctx, actor, interactionId);
  const mail = await repo.findEmailMessageOf(ctx.db, actor.companyId, messageId);
  if (!mail || mail.interactionId !== interactionId) return fail("not_found");
  const count = (html: string | null) => (html?.match(/data-remote-src=/g) ?? []).length;
  const show = (html: string | null) => (html && images ? withRemoteImages(html) : html);
  return {
    message_id: messageId,
    subject: mail.subject,
    from: mail.fromAddress,
    to: mail.toAddress,
    html: show(mail.html),
    quoted_html: show(mail.quotedHtml),
    remote_images_blocked: images ? 0 : count(mail.html) + count(mail.quotedHtml),
    imported: mail.imported,
  };
}

/** The virtual agent's draft for the conversation's newest customer mail, while nobody has answered it ("draft" mode). */
export async function emailDraftOf(ctx: AppContext, actor: MemberActor, interactionId: number): Promise<EmailDraftView> {
  await getInteraction(ctx, actor, interactionId);
  const thread = await repo.findThread(ctx.db, actor.companyId, interactionId);
  const draft = thread?.draft;
  if (!draft) return { draft: null };
  const [newest] = await listMessagesBefore(ctx.db, actor.companyId, interactionId, undefined, 1, true);
  if (newest?.message.id !== draft.messageId) return { draft: null };
  return {
    draft: {
      message_id: draft.messageId,
      text: draft.text,
      sources: draft.sources.map((source) => ({ kind: source.kind, source_id: source.sourceId, title: source.title })),
      confidence: draft.confidence,
    },
  };
}
