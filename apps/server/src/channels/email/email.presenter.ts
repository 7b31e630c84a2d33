import type { EmailAgentMode, EmailAuthKind, EmailChannelView, EmailTlsMode } from "@holboo/core";
import { presentChannel } from "../channels.presenter.ts";
import type { ChannelRow } from "../channels.repo.ts";
import type { MailboxRow } from "./email.repo.ts";

/** A mailbox's settings as the settings page shows them: never its password nor its tokens. */
export function presentMailbox(channel: ChannelRow, mailbox: MailboxRow): EmailChannelView {
  return {
    ...presentChannel(channel),
    address: mailbox.address,
    imap_host: mailbox.imapHost,
    imap_port: mailbox.imapPort,
    imap_tls: mailbox.imapTls as EmailTlsMode,
    smtp_host: mailbox.smtpHost,
    smtp_port: mailbox.smtpPort,
    smtp_tls: mailbox.smtpTls as EmailTlsMode,
    auth: mailbox.auth as EmailAuthKind,
    username: mailbox.username,
    signature: mailbox.signature,
    copy_to_sent: mailbox.copyToSent,
    agent_mode: mailbox.agentMode as EmailAgentMode,
    state: mailbox.state as EmailChannelView["state"],
    last_error: mailbox.lastError,
    last_sync_at: mailbox.lastSyncAt?.toISOString() ?? null,
  };
}
