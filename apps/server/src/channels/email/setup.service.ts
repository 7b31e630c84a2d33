import type { EmailChannelInput, EmailDraftView, EmailMessageView, EmailOAuthProvider, EmailOAuthSessionView } from "@holboo/core";
import type { AppContext } from "../../context.ts";
import type { MemberActor } from "../../platform/auth/actor.ts";
import { AppError, fail } from "../../platform/http/errors.ts";
import { findVirtualAgent } from "../../modules/companies/companies.lookup.ts";
import { insertChannel, updateChannel } from "../channels.lookup.ts";
import { get as getInteraction } from "../../modules/interactions/interactions.service.ts";
import { listMessagesBefore } from "../../modules/interactions/messages.service.ts";
import { channelSecrets, saveChannelSecrets } from "../secrets.ts";
import { testConnection } from "./connect.ts";
import { mailboxLogin, MailboxNeedsReconnect } from "./login.ts";
import { finishSignIn, openSignedIn, startSignIn, type PendingSignIn } from "./oauth.ts";
import * as repo from "./email.repo.ts";
import { presentMailbox } from "./email.presenter.ts";
import { withRemoteImages } from "./html.ts";
import { addEmailImport } from "./import.job.ts";
import { wakeEmailReaders } from "./reader.ts";
import { assertWithinLimit } from "../../modules/billing/limits.service.ts";
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
  auth: input.auth,
  signature: input.signature,
  copyToSent: input.copy_to_sent,
  agentMode: input.agent_mode,
});

/**
 * The login a save checks and the secrets it stores: the typed password, or the tokens of a finished
 * Google/Microsoft sign-in (its signed-in address is the login). On an edit, empty keeps what is stored.
 */
async function credentialsOf(ctx: AppContext, actor: MemberActor, input: EmailChannelInput, stored: repo.MailboxWithChannel | null) {
  if (input.auth === "password") {
    const kept = stored && stored.mailbox.auth === "password" ? channelSecrets<{ password: string }>(ctx.secrets, stored.channel)?.password : undefined;
    const password = input.password || kept || fail("email_password_required", { password: "email_password_required" });
    return { login: { ...settingsOf(input), password }, secrets: { password } as Record<string, string>, username: input.username };
  }
  if (input.oauth_session) {
    const signedIn = openSignedIn(ctx, actor, input.oauth_session);
    if (signedIn.provider !== input.auth) fail("email_oauth_failed");
    const login = { ...settingsOf(input), username: signedIn.address, accessToken: signedIn.tokens.access_token };
    return { login, secrets: signedIn.tokens as Record<string, string>, username: signedIn.address };
  }
  // The stored grant of the same provider, refreshed if need be; one refused or another provider needs a new sign-in.
  if (!stored || stored.mailbox.auth !== input.auth) return fail("email_oauth_failed");
  const current = await mailboxLogin(ctx, stored.channel, stored.mailbox).catch((error: unknown) =>
    error instanceof MailboxNeedsReconnect ? fail("email_oauth_failed") : Promise.reject(error),
  );
  if (!current?.accessToken) return fail("email_oauth_failed");
  const username = stored.mailbox.username;
  return { login: { ...settingsOf(input), username, accessToken: current.accessToken }, secrets: null, username };
}

export async function createMailbox(ctx: AppContext, actor: MemberActor, input: EmailChannelInput) {
  const agent = await servingAgentOf(ctx, actor.companyId, input);
  const credentials = await credentialsOf(ctx, actor, input, null);
  await assertWithinLimit(ctx.db, actor.companyId, "channels");
  const position = await testConnection(ctx, credentials.login, "INBOX");
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
      username: credentials.username,
      uidValidity: position.uidValidity,
      lastUid: Math.max(0, position.uidNext - 1),
      state: "connecting",
    });
    await saveChannelSecrets(ctx.secrets, tx, channel, credentials.secrets ?? {});
    await recordAudit(tx, actor, {
      action: "channel.create",
      targetType: "channel",
      targetId: channel.id,
      after: { type: "email", name: input.name, address: input.address, auth: input.auth },
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
  const credentials = await credentialsOf(ctx, actor, input, row);
  const position = await testConnection(ctx, credentials.login, row.mailbox.folder);
  // Another server or account is another mailbox: its reading starts from now too.
  const moved = row.mailbox.imapHost !== input.imap_host || row.mailbox.imapPort !== input.imap_port || row.mailbox.username !== credentials.username;
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
      username: credentials.username,
      ...(moved ? { uidValidity: position.uidValidity, lastUid: Math.max(0, position.uidNext - 1) } : {}),
      // A new sign-in (or password) ends a wait for reconnection: reading starts again where it stopped.
      ...(credentials.secrets ? { state: "connecting", lastError: null } : {}),
    });
    if (credentials.secrets) await saveChannelSecrets(ctx.secrets, tx, row.channel, credentials.secrets);
    await recordAudit(tx, actor, {
      action: "channel.update",
      targetType: "channel",
      targetId: channelId,
      before: { name: row.channel.name, address: row.mailbox.address, active: row.channel.active },
      after: { name: input.name, address: input.address, active: input.active, auth: input.auth, new_credentials: !!credentials.secrets },
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

/** "Connect Google" / "Connect Microsoft": where the browser signs in, and the pending half (sealed) for the callback's cookie. */
export function startOAuth(ctx: AppContext, actor: MemberActor, provider: EmailOAuthProvider) {
  const { url, pending } = startSignIn(ctx, actor, provider);
  return { url, cookie: ctx.secrets.seal(pending).toString("base64url") };
}

/** The provider's answer: the sealed sign-in for the settings form, or null when it was refused (the page says so). */
export async function finishOAuth(ctx: AppContext, actor: MemberActor, cookie: string | undefined, query: { code?: string; state?: string; error?: string }) {
  const pending = (() => {
    try {
      return cookie ? ctx.secrets.open<PendingSignIn>(Buffer.from(cookie, "base64url")) : null;
    } catch {
      return null;
    }
  })();
  const signedIn = await finishSignIn(ctx, actor, pending, query).catch((error: unknown) => (error instanceof AppError ? null : Promise.reject(error)));
  return signedIn ? ctx.secrets.seal(signedIn).toString("base64url") : null;
}

/** What the form shows of a finished sign-in: the provider and the signed-in address (tokens stay sealed). */
export function oauthSessionOf(ctx: AppContext, actor: MemberActor, sealed: string): EmailOAuthSessionView {
  const signedIn = openSignedIn(ctx, actor, sealed);
  return { provider: signedIn.provider, address: signedIn.address };
}
